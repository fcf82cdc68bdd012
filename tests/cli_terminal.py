"""A scripted terminal for CLI tests: wire a script's ``read`` (answers to prompts) and
its ``out`` buffer into :func:`gloam.cli.play.make_terminal`, in an empty directory."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from gloam.cli import play


def wire_terminal(monkeypatch: Any, tmp_path: Any, script: Any, width: int) -> Any:
    """Run the test in ``tmp_path`` and make every terminal the CLI opens print to
    ``script.out`` (``width`` columns) and read from ``script.read``. Returns ``script``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(play, "make_terminal",
                        lambda: play.Terminal(Console(file=script.out, width=width), script.read))
    return script
