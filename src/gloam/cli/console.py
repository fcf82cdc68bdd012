"""The consoles every ``gloam`` command prints through: rich consoles that let no
control or escape sequence from the text they print reach the terminal (a player name,
a deck name or a card code read from a file could otherwise clear the screen or fake
output). Only rich's own styling and the screen clearing the terminal asks for get out.
(Rich drops the BEL that ends a window-title sequence, so its text is shown, harmless.)

>>> import io
>>> out = io.StringIO()
>>> safe_console(file=out, width=40).print("\\x1b[2Jevil \\x1b]0;title\\x07name 42")
>>> out.getvalue()
'evil titlename 42\\n'
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderHook, RenderResult
from rich.segment import Segment

from gloam.core.text import clean_pieces


class _Cleaned:
    """A renderable drawn as ``inner`` is, its text stripped of control characters."""

    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        segments = list(console.render(self.inner, options))
        texts = clean_pieces([s.text for s in segments if not s.control], keep="\n")
        cleaned = iter(texts)
        for segment in segments:
            yield segment if segment.control else Segment(next(cleaned), segment.style)


class CleanHook(RenderHook):
    """Strips control characters from everything a console prints."""

    def process_renderables(self, renderables: list[Any]) -> list[Any]:
        return [_Cleaned(r) for r in renderables]


def safe_console(**options: Any) -> Console:
    """A rich ``Console(**options)`` that prints no control character it is given."""
    console = Console(**options)
    console.push_render_hook(CleanHook())
    return console


def print_error(message: str, command: str = "gloam") -> None:
    """One line on standard error: ``<command>: error: <message>``."""
    safe_console(stderr=True).print(f"{command}: error: {message}", highlight=False, markup=False,
                                    soft_wrap=True)
