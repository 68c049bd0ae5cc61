#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The members of a release artifact, read from its own bytes (tests/package/repro.sh).

  members.py list KIND FILE             one line per member: its name, then
                                        type, mode, owner, mtime, size, sha256 ...
  members.py diff KIND FILE1 FILE2      every member that differs, and which of its
                                        fields do (a GNU build ID for an ELF file);
                                        exit 1 when one does
  members.py dates KIND FILE EPOCH      the members not dated EPOCH; exit 1 if any

KIND: initramfs (a cpio "newc" archive, zstd, gzip, xz or not compressed), deb (the ar
members, then every member of control.tar and data.tar), dist (a tar archive), usb (the
boot sector and the gap before the first partition, then that partition's FAT: its boot
sector, its FATs, and every directory entry with its raw FAT dates, attributes and
contents; the volume label's date is mkfs.vfat's own, not checked by dates).
Dates are the archives' own numbers (a FAT date is the local time it recorded),
never converted by this machine's time zone.
"""
import gzip
import hashlib
import io
import lzma
import struct
import subprocess
import sys
import tarfile


def sha(b):
    return hashlib.sha256(b).hexdigest()


def build_id(b):
    """The GNU build ID of a 64-bit little-endian ELF file, or None."""
    if len(b) < 64 or b[:6] != b'\x7fELF\x02\x01':
        return None
    phoff, = struct.unpack_from('<Q', b, 32)
    phentsize, phnum = struct.unpack_from('<HH', b, 54)
    for i in range(phnum):
        p = phoff + i * phentsize
        if p + 56 > len(b):
            return None
        ptype, = struct.unpack_from('<I', b, p)
        if ptype != 4:  # PT_NOTE
            continue
        off, = struct.unpack_from('<Q', b, p + 8)
        size, = struct.unpack_from('<Q', b, p + 32)
        q, end = off, min(off + size, len(b))
        while q + 12 <= end:
            namesz, descsz, ntype = struct.unpack_from('<III', b, q)
            name = b[q + 12:q + 12 + namesz]
            desc = q + 12 + (namesz + 3) // 4 * 4
            if ntype == 3 and name == b'GNU\x00':  # NT_GNU_BUILD_ID
                return b[desc:desc + descsz].hex()
            q = desc + (descsz + 3) // 4 * 4
    return None


def decompress(b):
    if b[:4] == b'\x28\xb5\x2f\xfd':
        return subprocess.run(['zstd', '-q', '-dc'], input=b, stdout=subprocess.PIPE, check=True).stdout
    if b[:2] == b'\x1f\x8b':
        return gzip.decompress(b)
    if b[:6] == b'\xfd7zXZ\x00':
        return lzma.decompress(b)
    return b


def member(name, kind, mode, owner, mtime, data, **more):
    m = {'type': kind, 'mode': '%04o' % mode, 'owner': owner, 'mtime': str(mtime),
         'size': str(len(data)), 'sha256': sha(data)}
    m.update(more)
    bid = build_id(data)
    if bid:
        m['build-id'] = bid
    return (name, m)


def cpio_members(b):
    """A newc archive (cpio -H newc), after decompression."""
    b = decompress(b)
    out, p = [], 0
    while p + 110 <= len(b):
        if b[p:p + 6] != b'070701':
            out.append(('(bytes after the archive at %d)' % p, {'sha256': sha(b[p:])}))
            break
        f = [int(b[p + 6 + 8 * i:p + 14 + 8 * i], 16) for i in range(13)]
        ino, mode, uid, gid, nlink, mtime, size = f[:7]
        namesize = f[11]
        name = b[p + 110:p + 110 + namesize - 1].decode('utf-8', 'replace')
        p = (p + 110 + namesize + 3) // 4 * 4
        data = b[p:p + size]
        p = (p + size + 3) // 4 * 4
        if name == 'TRAILER!!!':
            if b[p:].strip(b'\0'):
                out.append(('(bytes after the trailer)', {'sha256': sha(b[p:])}))
            break
        kind = {0o100000: 'file', 0o040000: 'dir', 0o120000: 'symlink', 0o020000: 'char',
                0o060000: 'block', 0o010000: 'fifo', 0o140000: 'socket'}.get(mode & 0o170000, '?')
        out.append(member(name, kind, mode & 0o7777, '%d:%d' % (uid, gid), mtime, data,
                          ino=str(ino), nlink=str(nlink), rdev='%d:%d' % (f[9], f[10])))
    return out


def tar_members(b, prefix):
    out = []
    with tarfile.open(fileobj=io.BytesIO(decompress(b)), mode='r:') as t:
        for i in t:
            data = t.extractfile(i).read() if i.isfile() else b''
            kind = 'file' if i.isfile() else 'dir' if i.isdir() else 'symlink' if i.issym() else \
                'hardlink' if i.islnk() else str(i.type)
            more = {'names': '%s:%s' % (i.uname, i.gname)}
            if i.linkname:
                more['link'] = i.linkname
            if i.pax_headers:
                more['pax'] = ','.join('%s=%s' % kv for kv in sorted(i.pax_headers.items()))
            out.append(member(prefix + i.name, kind, i.mode, '%d:%d' % (i.uid, i.gid),
                              i.mtime, data, **more))
    return out


def deb_members(b):
    if b[:8] != b'!<arch>\n':
        raise ValueError('not an ar archive')
    out, p = [], 8
    while p + 60 <= len(b):
        h = b[p:p + 60]
        name = h[:16].decode().strip().rstrip('/')
        mtime, uid, gid = (h[16:28].strip() or b'0'), (h[28:34].strip() or b'0'), (h[34:40].strip() or b'0')
        mode, size = h[40:48].strip() or b'0', int(h[48:58])
        data = b[p + 60:p + 60 + size]
        p += 60 + size + (size & 1)
        out.append(member('ar:' + name, 'file', int(mode, 8), '%s:%s' % (uid.decode(), gid.decode()),
                          int(mtime), data))
        if name.startswith(('control.tar', 'data.tar')):
            out += tar_members(data, name.split('.')[0] + ':')
    return out


def fat_date(d, t, cs=0):
    return '%04d-%02d-%02d %02d:%02d:%02d.%02d' % (1980 + (d >> 9), (d >> 5) & 15, d & 31,
                                                  t >> 11, (t >> 5) & 63, (t & 31) * 2 + cs // 100,
                                                  cs % 100)


def usb_members(b):
    out = [('(MBR)', {'sha256': sha(b[:512])})]
    start = None
    for i in range(4):
        e = 446 + 16 * i
        ptype, lba = b[e + 4], struct.unpack_from('<I', b, e + 8)[0]
        if ptype and start is None:
            start = lba * 512
    if start is None:
        return out
    out.append(('(before the partition)', {'sha256': sha(b[512:start])}))
    p = b[start:]
    bps, spc, res, nfats, nroot, tot16 = struct.unpack_from('<HBHBHH', p, 11)
    fatsz, = struct.unpack_from('<H', p, 22)
    tot32, fatsz32 = struct.unpack_from('<II', p, 32)
    root_clus, = struct.unpack_from('<I', p, 44)
    fatsz = fatsz or fatsz32
    total = tot16 or tot32
    root_secs = (nroot * 32 + bps - 1) // bps
    first_data = res + nfats * fatsz + root_secs
    clusters = (total - first_data) // spc
    bits = 12 if clusters < 4085 else 16 if clusters < 65525 else 32
    out.append(('(FAT boot sector and reserved sectors)', {'sha256': sha(p[:res * bps])}))
    fat = p[res * bps:(res + fatsz) * bps]
    for i in range(nfats):
        out.append(('(FAT %d)' % (i + 1), {'sha256': sha(p[(res + i * fatsz) * bps:(res + (i + 1) * fatsz) * bps])}))

    def nxt(c):
        if bits == 16:
            return struct.unpack_from('<H', fat, 2 * c)[0]
        if bits == 32:
            return struct.unpack_from('<I', fat, 4 * c)[0] & 0x0FFFFFFF
        v = struct.unpack_from('<H', fat, c * 3 // 2)[0]
        return v >> 4 if c & 1 else v & 0xFFF

    def chain(c):
        eoc = {12: 0xFF8, 16: 0xFFF8, 32: 0x0FFFFFF8}[bits]
        seen = []
        while 2 <= c < eoc and c not in seen and len(seen) <= clusters:
            seen.append(c)
            c = nxt(c)
        return b''.join(p[(first_data + (x - 2) * spc) * bps:(first_data + (x - 1) * spc) * bps] for x in seen)

    def walk(raw, path):
        lfn = {}
        for q in range(0, len(raw) - 31, 32):
            e = raw[q:q + 32]
            if e[0] == 0:
                break
            if e[0] == 0xE5:
                lfn = {}
                continue
            attr = e[11]
            if attr == 0x0F:
                lfn[e[0] & 0x1F] = (e[1:11] + e[14:26] + e[28:32]).decode('utf-16-le', 'replace')
                continue
            base, ext = e[:8].decode('latin-1').rstrip(), e[8:11].decode('latin-1').rstrip()
            short = base + ('.' + ext if ext else '')
            # no long name: the short one, in lower case where byte 12 says so (as mtools,
            # Linux and Windows show it)
            name = ''.join(lfn[k] for k in sorted(lfn)).split('\0')[0] if lfn else \
                (base.lower() if e[12] & 0x08 else base) + ('.' + (ext.lower() if e[12] & 0x10 else ext) if ext else '')
            lfn = {}
            if short in ('.', '..'):
                continue
            cdate, adate, hi, mt, md, lo, size = struct.unpack_from('<HHHHHHI', e, 16)
            ctime, = struct.unpack_from('<H', e, 14)
            clus = hi << 16 | lo
            data = chain(clus) if clus else b''
            kind = 'label' if attr & 0x08 else 'dir' if attr & 0x10 else 'file'
            m = {'type': kind, 'short': short, 'case': '%02x' % e[12], 'attr': '%02x' % attr,
                 'mtime': fat_date(md, mt), 'ctime': fat_date(cdate, ctime, e[13]),
                 'adate': fat_date(adate, 0)[:10], 'cluster': str(clus)}
            if kind == 'file':
                data = data[:size]
                m.update(size=str(size), sha256=sha(data))
                if build_id(data):
                    m['build-id'] = build_id(data)
            out.append(('(volume label %s)' % short if kind == 'label' else path + name, m))
            if kind == 'dir' and clus:
                walk(data, path + name + '/')

    if bits == 32:
        walk(chain(root_clus), '/')
    else:
        walk(p[(res + nfats * fatsz) * bps:first_data * bps], '/')
    return out


KINDS = {'initramfs': cpio_members, 'deb': deb_members, 'usb': usb_members,
         'dist': lambda b: tar_members(b, '')}


def members(kind, path):
    with open(path, 'rb') as f:
        return KINDS[kind](f.read())


def show(m):
    return ' '.join('%s=%s' % kv for kv in m.items())


def main(argv):
    if len(argv) < 3 or argv[1] not in KINDS:
        sys.exit(__doc__)
    cmd, kind = argv[0], argv[1]
    if cmd == 'list' and len(argv) == 3:
        for name, m in members(kind, argv[2]):
            print(name, show(m))
        return 0
    if cmd == 'diff' and len(argv) == 4:
        a, b = dict(members(kind, argv[2])), dict(members(kind, argv[3]))
        names = sorted(set(a) | set(b))
        # those whose contents differ first
        differ = sorted((n for n in names if a.get(n) != b.get(n)),
                        key=lambda n: (n in a and n in b and a[n].get('sha256') == b[n].get('sha256'), n))
        for n in differ[:25]:
            if n not in a or n not in b:
                print('  %s: only in build %d' % (n, 1 if n in a else 2))
                continue
            fields = [k for k in dict.fromkeys(list(a[n]) + list(b[n])) if a[n].get(k) != b[n].get(k)]
            print('  %s: %s' % (n, ', '.join('%s %s / %s' % (k, a[n].get(k, '-'), b[n].get(k, '-'))
                                             for k in fields)))
        if len(differ) > 25:
            print('  ... and %d more members' % (len(differ) - 25))
        print('  %d of %d members differ' % (len(differ), len(names)))
        return 1 if differ else 0
    if cmd == 'dates' and len(argv) == 4:
        want = argv[3]
        # a FAT date is local time; the builds ran in UTC (mkusb.sh sets it)
        if kind == 'usb':
            import time
            t = time.gmtime(int(want))
            want = fat_date(((t.tm_year - 1980) << 9) | (t.tm_mon << 5) | t.tm_mday,
                            (t.tm_hour << 11) | (t.tm_min << 5) | (t.tm_sec // 2))
        # (mkfs.vfat --invariant dates the volume label itself)
        ms = [(n, m) for n, m in members(kind, argv[2]) if 'mtime' in m and m['type'] != 'label']
        bad = [(n, m['mtime']) for n, m in ms if m['mtime'] != want]
        for n, t in bad[:10]:
            print('  %s: dated %s, not %s' % (n, t, want))
        print('%d members, %d not dated %s' % (len(ms), len(bad), want))
        return 1 if bad or not ms else 0
    sys.exit(__doc__)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
