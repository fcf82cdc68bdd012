"""Local worker processes that never outlive the run that started them (``gloam
simulate``, ``ladder`` and ``report`` with ``--workers``, and the search bots of ``gloam
serve``).

:func:`run_tasks` plays its tasks on a ``spawn`` process pool whose workers are bound to
their parent: on Linux each asks the kernel to kill it when the parent dies
(``prctl(PR_SET_PDEATHSIG, SIGKILL)``, through ctypes), elsewhere a daemon thread in each
worker exits it once its parent is gone. So a run killed with SIGKILL leaves no worker
behind. A SIGTERM sent to the parent (on the main thread) raises ``SystemExit(143)``
there; that, Ctrl-C, or any error ends every worker at once (queued tasks are cancelled
and running ones terminated), and the exception goes on.

>>> run_tasks([(pow, (2, 5)), (pow, (3, 2))], workers=1)
[32, 9]
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

#: prctl option: the signal this process gets when its parent dies (linux/prctl.h)
PR_SET_PDEATHSIG = 1
#: seconds between a worker's checks that its parent lives (where prctl is missing)
WATCH_INTERVAL_S = 0.5
#: the exit status of a run ended by SIGTERM (128 + the signal, as a shell reports it)
EXIT_TERMINATED = 128 + signal.SIGTERM

Task = tuple[Callable[..., Any], tuple[Any, ...]]


def count_games(progress: Callable[[int], None] | None) -> Callable[[int, Any], None]:
    """An ``on_result`` for :func:`run_tasks` whose results are lists of games: it
    tells ``progress`` (if any) how many games are done so far."""
    done = 0

    def finished(_: int, games: Any) -> None:
        nonlocal done
        done += len(games)
        if progress is not None:
            progress(done)

    return finished


def run_tasks(tasks: Sequence[Task], workers: int,
              on_result: Callable[[int, Any], None] | None = None) -> list[Any]:
    """Each task ``(function, args)``'s result, in task order: here when ``workers`` is 1,
    else on a pool of that many local processes bound to this one. ``on_result(k,
    result)`` is called as each task ``k`` finishes (for progress)."""
    results: list[Any]
    if workers <= 1:
        results = []
        for k, (function, args) in enumerate(tasks):
            results.append(function(*args))
            if on_result is not None:
                on_result(k, results[-1])
        return results
    results = [None] * len(tasks)
    pool = worker_pool(workers)
    with _sigterm_exits():
        try:
            pending: dict[Future, int] = {pool.submit(function, *args): k for k, (function, args) in enumerate(tasks)}
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    k = pending.pop(future)
                    results[k] = future.result()
                    if on_result is not None:
                        on_result(k, results[k])
        except BaseException:
            stop_pool(pool)
            raise
    pool.shutdown(wait=True)
    return results


def worker_pool(workers: int, max_tasks_per_child: int | None = None) -> ProcessPoolExecutor:
    """A ``spawn`` pool (it works on every platform) of ``workers`` processes, each of
    which exits when this process dies (:func:`bind_to_parent`); with
    ``max_tasks_per_child``, each is replaced by a fresh one after that many tasks (the
    web server's bot pool, :mod:`gloam.server.bots`)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=bind_to_parent, initargs=(os.getpid(),),
                               max_tasks_per_child=max_tasks_per_child)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued tasks and end every worker now (a run abandoned)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    processes = list((getattr(pool, "_processes", None) or {}).values())  # before 3.14: no public API
    pool.shutdown(wait=False, cancel_futures=True)
    if terminate is not None:
        with contextlib.suppress(Exception):
            terminate()
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


def bind_to_parent(parent: int) -> None:
    """A worker's initializer: make this process exit when ``parent`` does. Linux:
    ``PR_SET_PDEATHSIG`` (the kernel sends SIGKILL); elsewhere, or if prctl fails, a
    daemon thread that exits the worker once its parent is gone."""
    if not _kill_me_with_parent():
        threading.Thread(target=_watch_parent, args=(parent,), name="gloam-parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the binding was made
        os._exit(1)


def _kill_me_with_parent() -> bool:
    """``prctl(PR_SET_PDEATHSIG, SIGKILL)`` on Linux; False where it is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL_S)
    os._exit(1)


@contextlib.contextmanager
def _sigterm_exits() -> Iterator[None]:
    """While the pool runs, SIGTERM raises ``SystemExit(EXIT_TERMINATED)`` in the main
    thread, so the workers are ended before this process goes (elsewhere: nothing)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum: int, frame: Any) -> None:
        raise SystemExit(EXIT_TERMINATED)

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)
