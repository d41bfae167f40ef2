"""What one fuzz example may cost, measured as it runs.

Every example runs inside :meth:`Budget.measure`: its CPU time and its peak
of Python allocations (``tracemalloc``, tracing during the example only) are
taken, and an example over either limit is a finding (:class:`OverBudget`).
Tracing allocations makes allocating code run three to four times slower, so
an example over the time limit is run again without tracing (when the target
gives the work as ``again``), and that CPU time is the verdict.
A runaway example is stopped by a timer of the process's CPU time (not of
wall time, which a loaded machine stretches) at ``hard_factor`` times the
time limit (:class:`Runaway`, a ``BaseException``, so that no ``except
Exception`` in the library swallows it); an address-space limit on the whole
process turns a huge allocation into a ``MemoryError`` instead of swapping
the machine.
"""

from __future__ import annotations

import contextlib
import dataclasses
import resource
import signal
import time
import tracemalloc
from collections.abc import Callable, Iterator
from types import FrameType

MIB = 2**20


class OverBudget(AssertionError):
    """An example that ran too long or allocated too much (a finding)."""


class Runaway(BaseException):
    """Raised by the timer in a runaway example; not an ``Exception``, so the code
    under test cannot catch it."""


@dataclasses.dataclass
class Stats:
    """The figures of one target: examples, the slowest and the largest."""

    examples: int = 0
    max_cpu: float = 0.0
    max_peak: int = 0
    total_cpu: float = 0.0
    slowest: str = ""
    largest: str = ""


@dataclasses.dataclass
class Budget:
    """The limits of one example: CPU ``seconds`` and ``megabytes`` of allocations."""

    seconds: float = 2.0
    megabytes: float = 256.0
    hard_factor: float = 5.0
    stats: dict[str, Stats] = dataclasses.field(default_factory=dict)

    def start(self, address_space_mb: int | None) -> None:
        """Prepare the timer and limit the address space (``None``: no limit)."""
        signal.signal(signal.SIGPROF, _runaway)
        if address_space_mb:
            limit = address_space_mb * MIB
            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            if hard == resource.RLIM_INFINITY or hard > limit:
                resource.setrlimit(resource.RLIMIT_AS, (limit, hard))

    @contextlib.contextmanager
    def measure(
        self, target: str, what: str, again: Callable[[], object] | None = None
    ) -> Iterator[None]:
        """Run the block as one example of ``target``; ``what`` names the input in
        the finding. Raises :class:`OverBudget` after the block when it went over.

        ``again`` is the block's work as a function: when the block (traced)
        takes longer than the limit, it is timed once more untraced, and that
        time is the example's."""
        stats = self.stats.setdefault(target, Stats())
        # Allocations are traced during the example only: tracing hypothesis's own
        # work too would slow the run several times over.
        tracemalloc.start()
        start = time.process_time()
        # Repeating: a Runaway raised where it is only reported (a gc callback)
        # is followed by another half a second (of CPU time) later.
        signal.setitimer(signal.ITIMER_PROF, self.seconds * self.hard_factor, 0.5)
        try:
            yield
        except Runaway:
            limit = self.seconds * self.hard_factor
            raise OverBudget(
                f"runaway: stopped after {limit:.1f} s of CPU time on {what}"
            ) from None
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            cpu = time.process_time() - start
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
        if cpu > self.seconds and again is not None:
            cpu = self._untraced(again)
        stats.examples += 1
        stats.total_cpu += cpu
        if cpu > stats.max_cpu:
            stats.max_cpu, stats.slowest = cpu, what[:200]
        if peak > stats.max_peak:
            stats.max_peak, stats.largest = peak, what[:200]
        if cpu > self.seconds:
            raise OverBudget(f"slow: {cpu:.2f} s CPU (budget {self.seconds} s) on {what}")
        if peak > self.megabytes * MIB:
            raise OverBudget(
                f"large: {peak / MIB:.0f} MiB peak (budget {self.megabytes:.0f} MiB) on {what}"
            )

    def _untraced(self, work: Callable[[], object]) -> float:
        """The CPU time of ``work`` without tracing allocations (stopped as a runaway
        at the same bound)."""
        start = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, self.seconds * self.hard_factor, 0.5)
        try:
            work()
        except Runaway:
            return time.process_time() - start
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        return time.process_time() - start


def _runaway(signum: int, frame: FrameType | None) -> None:
    raise Runaway()
