/*
 * order.c - which of rank 0's messages a rank other than 0 may carry out now (order.h).
 */
#include "order.h"

static bool touches(const struct cl_wants *it, struct cl_span s)
{
    if (it->run && it->n == 0)
        return true;
    for (int i = 0; i < it->n; i++)
        if (it->spans[i].lo < s.hi && s.lo < it->spans[i].hi)
            return true;
    return false;
}

bool cl_must_wait(const struct cl_wants *it, const struct cl_xfer_at *landing,
                  const struct cl_xfer_at *leaving, const struct cl_span *queued, int nqueued)
{
    for (const struct cl_xfer_at *w = landing; w && w->seq < it->landing_before; w = w->next)
        if (touches(it, w->at))
            return true;
    if (!it->run)
        return false;
    for (const struct cl_xfer_at *w = leaving; w; w = w->next)
        if (touches(it, w->at))
            return true;
    for (int i = 0; i < nqueued; i++)
        if (touches(it, queued[i]))
            return true;
    return false;
}
