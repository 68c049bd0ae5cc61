// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's thermal events for the live back-end: the generic netlink
 * family "thermal" (include/uapi/linux/thermal.h, Linux 5.10 and later),
 * groups "event" and "sampling", through libnl-genl. The socket is opened,
 * read and closed here; the probe (pmdiag-thermal --watch) decodes the
 * messages it is handed.
 */
#include "source/source-int.h"

#include <errno.h>
#include <linux/thermal.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

struct pmd_thermal_events {
	struct nl_sock *sk;
	/* messages received and not handed out yet, and the one handed out last */
	struct nlmsghdr **queue;
	size_t nqueue, head;
	struct nlmsghdr *last;
};

static int on_msg(struct nl_msg *msg, void *arg)
{
	struct pmd_thermal_events *ev = arg;
	const struct nlmsghdr *h = nlmsg_hdr(msg);
	struct nlmsghdr *copy = pmd_xmalloc(h->nlmsg_len);
	memcpy(copy, h, h->nlmsg_len);
	ev->queue = pmd_xrealloc(ev->queue, (ev->nqueue + 1) * sizeof(struct nlmsghdr *));
	ev->queue[ev->nqueue++] = copy;
	return NL_OK;
}

struct pmd_res pmd_thermal_nl_open(struct pmd_src *s, struct pmd_thermal_events **out)
{
	*out = NULL;
	struct pmd_thermal_events *ev = pmd_xcalloc(1, sizeof(*ev));
	struct pmd_res r = pmd_ok();
	ev->sk = nl_socket_alloc();
	if (!ev->sk) {
		r = pmd_res_make(PMD_UNREADABLE, ENOMEM, "netlink: no socket");
		goto fail;
	}
	if (genl_connect(ev->sk) < 0) {
		r = pmd_res_make(PMD_UNREADABLE, EIO, "netlink: cannot connect");
		goto fail;
	}
	int evg = genl_ctrl_resolve_grp(ev->sk, THERMAL_GENL_FAMILY_NAME,
					THERMAL_GENL_EVENT_GROUP_NAME);
	int sag = genl_ctrl_resolve_grp(ev->sk, THERMAL_GENL_FAMILY_NAME,
					THERMAL_GENL_SAMPLING_GROUP_NAME);
	if (evg < 0) {
		r = pmd_res_make(PMD_ABSENT, ENOENT, "no thermal netlink family");
		goto fail;
	}
	nl_socket_disable_seq_check(ev->sk);
	nl_socket_modify_cb(ev->sk, NL_CB_VALID, NL_CB_CUSTOM, on_msg, ev);
	if (nl_socket_add_membership(ev->sk, evg) < 0) {
		r = pmd_res_make(PMD_UNREADABLE, EIO, "netlink: cannot join the thermal events");
		goto fail;
	}
	if (sag >= 0)
		nl_socket_add_membership(ev->sk, sag);
	*out = ev;
	return r;
fail:
	pmd_thermal_events_close(ev);
	return r;
}

struct pmd_res pmd_thermal_events_next(struct pmd_thermal_events *ev, int timeout_ms,
				       const struct nlmsghdr **msg)
{
	*msg = NULL;
	free(ev->last);
	ev->last = NULL;
	if (ev->head == ev->nqueue) {
		ev->head = ev->nqueue = 0;
		struct pollfd pfd = { .fd = nl_socket_get_fd(ev->sk), .events = POLLIN };
		int r = poll(&pfd, 1, timeout_ms);
		if (r < 0 && errno != EINTR)
			return pmd_res_make(PMD_UNREADABLE, errno, "netlink: %s", strerror(errno));
		if (r > 0)
			nl_recvmsgs_default(ev->sk); /* fills the queue through on_msg */
	}
	if (ev->head < ev->nqueue) {
		ev->last = ev->queue[ev->head++];
		*msg = ev->last;
	}
	return pmd_ok();
}

void pmd_thermal_events_close(struct pmd_thermal_events *ev)
{
	if (!ev)
		return;
	if (ev->sk)
		nl_socket_free(ev->sk);
	for (size_t i = ev->head; i < ev->nqueue; i++)
		free(ev->queue[i]);
	free(ev->queue);
	free(ev->last);
	free(ev);
}
