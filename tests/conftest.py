"""Checks every test of the suite shares: a scenario (tests/scenario.py, tests/nf_scenario.py)
ends with no decision left half-made unless it says so (``@pytest.mark.leaves_decision``)."""

from __future__ import annotations

import sys

import pytest


def _leftovers() -> list[str]:
    found = []
    nm = sys.modules.get("scenario")
    if nm is not None:
        found += [f"Nightmarium position {k}: {m}" for k, s in enumerate(nm.BUILT) if (m := nm.leftover(s))]
    nf = sys.modules.get("nf_scenario")
    if nf is not None:
        found += [f"Nightfall position {k}: {m}" for k, (t, s) in enumerate(nf.BUILT) if (m := nf.leftover(t, s))]
    return found


def _clear() -> None:
    for name in ("scenario", "nf_scenario"):
        if (module := sys.modules.get(name)) is not None:
            module.BUILT.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After a passing test body: fail it if a scenario position it built still waits on a
    decision an effect (or a half-done action) asks, unless the test is marked
    ``leaves_decision`` (it then checks that decision itself)."""
    _clear()
    marker = item.get_closest_marker("leaves_decision")
    if marker is not None and not (marker.args and str(marker.args[0]).strip()):
        pytest.fail("@pytest.mark.leaves_decision needs a reason: why the decision left is not what"
                    " the test checks, or that it checks that decision", pytrace=False)
    try:
        result = yield
        if marker is None and (left := _leftovers()):
            pytest.fail("the scenario ended with a decision still pending (resolve it, or mark the test"
                        " @pytest.mark.leaves_decision if that decision is what it checks):\n  "
                        + "\n  ".join(left), pytrace=False)
        return result
    finally:
        _clear()
