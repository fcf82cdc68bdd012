"""The report page and its plots, shared by every game's report.

A game's report module describes its page as data (:class:`Page`: headline findings,
sections of figures, tables) and draws its figures with the chart helpers below;
:func:`render_page` turns it into one self-contained HTML file (the plots are inline PNGs).

matplotlib is imported only when a chart is drawn (the ``report`` extra), always through
its object-oriented API on the Agg canvas: no display, no global pyplot state.

>>> page = Page("Demo", "a subtitle", [Headline("54%", "first player wins", "It is so.")],
...             [Section("wins", "Who wins", ["Seat 1 wins often."],
...                      tables=[Table("Wins", ["seat", "wins"], [["1", "54"]])])])
>>> text = render_page(page)
>>> text.startswith("<!DOCTYPE html>"), 'id="wins"' in text, "<td class=n>54</td>" in text
(True, True, True)
"""

from __future__ import annotations

import base64
import functools
import html
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: a colour-blind-friendly palette (Okabe-Ito), in the order series take it
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
INK = "#222222"
MUTED = "#6b6b6b"
GRID = "#e6e6e6"
FIGURE_DPI = 144

_STYLE = {
    "font.family": "DejaVu Sans",
    "font.size": 10,
    "axes.titlesize": 11.5,
    "axes.titleweight": "bold",
    "axes.titlelocation": "left",
    "axes.titlepad": 10,
    "axes.labelsize": 10,
    "axes.labelcolor": INK,
    "axes.edgecolor": "#9a9a9a",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.axisbelow": True,
    "grid.color": GRID,
    "grid.linewidth": 0.8,
    "xtick.color": INK,
    "ytick.color": INK,
    "legend.frameon": False,
    "legend.fontsize": 9,
}


# ---------------------------------------------------------------------- the page as data
@dataclass
class Headline:
    """One finding at the top of the page: a big ``value``, a short ``label`` under it,
    a sentence with the numbers and optional ``detail``. ``tone`` "warn" marks a finding worth a designer's
    attention (e.g. an advantage outside the noise)."""

    value: str
    label: str
    text: str
    tone: str = "info"
    detail: str = ""  # supporting numbers, shown smaller under the sentence


@dataclass
class Image:
    """A PNG figure with its alternative text and a caption under it."""

    png: bytes
    alt: str
    caption: str = ""
    width_px: int = 0  # how wide to show it on the page (0: the full column)


@dataclass
class Table:
    """A table of already formatted cells; columns after the first are right-aligned
    when every cell in them looks like a number. A cell's second line (after ``\n``) is
    shown smaller, e.g. an interval under a rate."""

    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Section:
    """A part of the page: a title, paragraphs, figures, and the tables that hold the
    section's raw numbers (shown together at the end of the page)."""

    id: str
    title: str
    paragraphs: list[str] = field(default_factory=list)
    figures: list[Image] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)


@dataclass
class Page:
    title: str
    subtitle: str
    headlines: list[Headline]
    sections: list[Section]
    facts: list[tuple[str, str]] = field(default_factory=list)  # (name, value) of the run
    footer: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------- number formats
def pct(x: float, digits: int = 0) -> str:
    """``0.5432`` -> ``"54%"``.

    >>> pct(0.5432), pct(0.5432, 1), pct(0.0)
    ('54%', '54.3%', '0%')
    """
    return f"{100 * x:.{digits}f}%"


def pct_range(lo: float, hi: float, digits: int = 0) -> str:
    """A 95% interval as ``"51–57%"``.

    >>> pct_range(0.512, 0.571)
    '51–57%'
    """
    return f"{100 * lo:.{digits}f}–{100 * hi:.{digits}f}%"


def rate_text(share: float, lo: float, hi: float) -> str:
    """A share and its 95% interval in words, with a decimal when the interval is narrow.

    >>> rate_text(0.561, 0.54, 0.582), rate_text(0.19, 0.186, 0.194)
    ('56% (54–58%)', '19.0% (18.6–19.4%)')
    """
    digits = 1 if hi - lo < 0.03 else 0
    return f"{pct(share, digits)} ({pct_range(lo, hi, digits)})"


def and_list(items: Sequence[Any]) -> str:
    """``[2, 3, 4]`` -> ``"2, 3 and 4"``.

    >>> and_list([2, 3, 4]), and_list(["x"])
    ('2, 3 and 4', 'x')
    """
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def seat_win_panels(counts: Sequence[tuple[int, dict[str, Any]]], rate_key: str, ci_key: str, xlabel: str,
                    colours: dict[int, str]) -> list[Bars]:
    """One bar panel per player count: each seat's (or turn position's) win rate under
    ``rate_key`` with its 95% interval under ``ci_key``, and the fair share as a line."""
    return [Bars(f"{n} players", [str(p + 1) for p in range(n)], b[rate_key],
                 [tuple(ci) for ci in b[ci_key]], [colours.get(n, PALETTE[0])] * n,
                 (b["fair_share"], f"fair {pct(b['fair_share'])}"), ylabel="games won" if k == 0 else "",
                 xlabel=xlabel)
            for k, (n, b) in enumerate(counts)]


def first_player_headline(counts: Sequence[tuple[int, dict[str, Any]]], rate_key: str, ci_key: str) -> Headline:
    """The first player's win rate at the first player count, against a fair share, and
    at the other counts; "warn" when a fair share lies outside the 95% interval. Each
    count's block holds seat 0's rate under ``rate_key``, its interval under ``ci_key``
    and ``fair_share``."""
    n, block = counts[0]
    rate, (lo, hi) = block[rate_key][0], block[ci_key][0]
    edges = [m for m, b in counts if not b[ci_key][0][0] <= b["fair_share"] <= b[ci_key][0][1]]
    text = (f"The first player wins {rate_text(rate, lo, hi)} of {n}-player games;"
            f" a fair share is {pct(block['fair_share'])}.")
    detail = "; ".join(f"{m} players: {rate_text(b[rate_key][0], *b[ci_key][0])} against"
                       f" {pct(b['fair_share'])}" for m, b in counts[1:])
    detail = detail + ". " if detail else ""
    if edges:
        detail += f"Outside the 95% noise band at {and_list(edges)} players."
    else:
        detail += "Within the 95% noise band of a fair share at every count."
    return Headline(pct(rate), f"first player wins ({n} players)", text, "warn" if edges else "info", detail)


def num(x: float, digits: int = 1) -> str:
    """A number with thousands separators, integers without decimals.

    >>> num(1234), num(12.345), num(0.5, 2)
    ('1,234', '12.3', '0.50')
    """
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.{digits}f}"


# ---------------------------------------------------------------------- charts
def _styled(draw: Callable[..., Image]) -> Callable[..., Image]:
    """Run a chart function with the report's matplotlib style (and only there)."""

    @functools.wraps(draw)
    def wrapper(*args: Any, **kwargs: Any) -> Image:
        from matplotlib import rc_context

        with rc_context(_STYLE):
            return draw(*args, **kwargs)

    return wrapper


def _figure(width: float, height: float, nrows: int = 1, ncols: int = 1, sharey: bool = False):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False, sharey=sharey)
    return fig, [ax for row in axes for ax in row]


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=FIGURE_DPI, facecolor="white")
    return buffer.getvalue()


def _image(fig, alt: str, caption: str) -> Image:
    """The figure as an :class:`Image` shown at 96 pixels per inch of its size."""
    return Image(_png(fig), alt, caption, round(fig.get_figwidth() * 96))


def _value_text(value: float, percent: bool) -> str:
    """A bar's label: a percentage, a whole count, or a number with 1-2 decimals."""
    if percent:
        return pct(value)
    if float(value).is_integer():
        return f"{int(value):,}"
    return num(value, 2 if abs(value) < 10 else 1)


def _percent_axis(ax, axis: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter

    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0, decimals=0))


@dataclass
class Bars:
    """One panel of a bar chart: ``values`` (with optional 95% intervals ``(lo, hi)``),
    an optional dashed ``reference`` line (value, label), and how to print values."""

    title: str
    labels: Sequence[str]
    values: Sequence[float]
    intervals: Sequence[tuple[float, float]] | None = None
    colours: Sequence[str] | None = None
    reference: tuple[float, str] | None = None
    percent: bool = True
    ylabel: str = ""
    xlabel: str = ""


@_styled
def bar_panels(panels: Sequence[Bars], alt: str, caption: str = "", width: float = 10.0,
               height: float = 3.6, sharey: bool = True, ymax: float | None = None) -> Image:
    """Side-by-side bar charts (e.g. one per player count), each bar labelled with its
    value, with 95% interval whiskers and a dashed reference line where given. With
    ``sharey`` every panel has the same scale."""
    fig, axes = _figure(width, height, 1, len(panels), sharey=sharey)
    for ax, panel in zip(axes, panels):
        top = ymax if ymax is not None else _top(panels if sharey else [panel])
        _draw_bars(ax, panel, top)
    return _image(fig, alt, caption)


def _top(panels: Sequence[Bars]) -> float:
    highest = 0.0
    for panel in panels:
        for k, value in enumerate(panel.values):
            hi = panel.intervals[k][1] if panel.intervals else value
            highest = max(highest, value, hi)
        if panel.reference:
            highest = max(highest, panel.reference[0])
    return highest * 1.18 if highest > 0 else 1.0


def _draw_bars(ax, panel: Bars, top: float) -> None:
    x = list(range(len(panel.values)))
    colours = list(panel.colours or [PALETTE[0]] * len(x))
    ax.bar(x, panel.values, color=colours, width=0.66, zorder=2)
    if panel.intervals:
        lower = [max(0.0, v - lo) for v, (lo, _) in zip(panel.values, panel.intervals)]
        upper = [max(0.0, hi - v) for v, (_, hi) in zip(panel.values, panel.intervals)]
        ax.errorbar(x, panel.values, yerr=[lower, upper], fmt="none", ecolor=INK, elinewidth=1.1,
                    capsize=4, zorder=3)
    for k, value in enumerate(panel.values):
        above = panel.intervals[k][1] if panel.intervals else value
        ax.annotate(_value_text(value, panel.percent), (k, above), xytext=(0, 3), textcoords="offset points",
                    ha="center", va="bottom", fontsize=8.5, color=INK)
    title = panel.title
    if panel.reference:
        value, label = panel.reference
        ax.axhline(value, color=MUTED, linestyle=(0, (4, 3)), linewidth=1.1, zorder=1)
        title = f"{title}  ({label})" if label else title
    ax.set_xticks(x, list(panel.labels))
    ax.set_ylim(0, top)
    ax.set_title(title)
    ax.set_ylabel(panel.ylabel)
    ax.set_xlabel(panel.xlabel)
    ax.grid(axis="x", visible=False)
    if panel.percent:
        _percent_axis(ax)


@dataclass
class Series:
    """A named series of a grouped chart: one value (and optional interval) per group."""

    name: str
    values: Sequence[float]
    intervals: Sequence[tuple[float, float]] | None = None
    colour: str | None = None


@_styled
def grouped_bars(title: str, groups: Sequence[str], series: Sequence[Series], alt: str,
                 caption: str = "", ylabel: str = "", xlabel: str = "", percent: bool = True,
                 width: float = 10.0, height: float = 3.8, labels: bool = False) -> Image:
    """Bars grouped by ``groups`` (x axis), one bar per series in each group, with 95%
    interval whiskers where given and a legend."""
    fig, (ax,) = _figure(width, height)
    count = len(series)
    bar = 0.8 / max(count, 1)
    highest = 0.0
    for s_index, s in enumerate(series):
        offset = (s_index - (count - 1) / 2) * bar
        x = [g + offset for g in range(len(groups))]
        colour = s.colour or PALETTE[s_index % len(PALETTE)]
        ax.bar(x, s.values, width=bar * 0.92, color=colour, label=s.name, zorder=2)
        tops = list(s.values)
        if s.intervals:
            lower = [max(0.0, v - lo) for v, (lo, _) in zip(s.values, s.intervals)]
            upper = [max(0.0, hi - v) for v, (_, hi) in zip(s.values, s.intervals)]
            ax.errorbar(x, s.values, yerr=[lower, upper], fmt="none", ecolor=INK, elinewidth=0.9,
                        capsize=2.5, zorder=3)
            tops = [hi for _, hi in s.intervals]
        highest = max([highest, *tops])
        if labels:
            for xi, v, t in zip(x, s.values, tops):
                ax.annotate(_value_text(v, percent), (xi, t), xytext=(0, 2),
                            textcoords="offset points", ha="center", va="bottom", fontsize=7.5)
    ax.set_xticks(range(len(groups)), list(groups))
    ax.set_ylim(0, highest * 1.15 if highest > 0 else 1.0)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", visible=False)
    if percent:
        _percent_axis(ax)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return _image(fig, alt, caption)


@_styled
def stacked_bars(title: str, labels: Sequence[str], parts: Sequence[Series], alt: str,
                 caption: str = "", xlabel: str = "", width: float = 10.0, height: float = 3.6,
                 percent: bool = True) -> Image:
    """Horizontal bars, one per label, split into the ``parts`` (each a series with one
    value per label); segments wide enough carry their value."""
    fig, (ax,) = _figure(width, height)
    y = list(range(len(labels)))
    left = [0.0] * len(labels)
    widest = max((sum(p.values[row] for p in parts) for row in y), default=0.0)
    for k, part in enumerate(parts):
        colour = part.colour or PALETTE[k % len(PALETTE)]
        ax.barh(y, part.values, left=left, color=colour, label=part.name, height=0.62, zorder=2)
        for row, (start, value) in enumerate(zip(left, part.values)):
            if value >= 0.06 * (1.0 if percent else widest):
                ax.text(start + value / 2, row, _value_text(value, percent), ha="center",
                        va="center", fontsize=8, color=_text_colour(colour))
        left = [a + b for a, b in zip(left, part.values)]
    ax.set_yticks(y, list(labels))
    ax.invert_yaxis()
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.grid(axis="y", visible=False)
    ax.grid(axis="x", visible=True)
    if percent:
        ax.set_xlim(0, 1)
        _percent_axis(ax, "x")
    ax.legend(ncols=min(len(parts), 3), loc="upper center", bbox_to_anchor=(0.5, -0.2), borderaxespad=0)
    return _image(fig, alt, caption)


def _text_colour(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (a ``#rrggbb`` colour)."""
    r, g, b = (int(background[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


@dataclass
class Distribution:
    """A named distribution: ``counts`` maps each value to how many times it occurred."""

    name: str
    counts: dict[int, int]
    colour: str | None = None


@_styled
def distributions(title: str, series: Sequence[Distribution], alt: str, caption: str = "",
                  xlabel: str = "", ylabel: str = "share of games", width: float = 10.0,
                  height: float = 3.6, bins: int | None = None, medians: bool = True) -> Image:
    """Overlaid histograms (as shares, so series of different sizes compare), each with a
    dashed line at its median; ``bins`` groups wide ranges of values."""
    fig, (ax,) = _figure(width, height)
    lows = [min(d.counts) for d in series if d.counts]
    highs = [max(d.counts) for d in series if d.counts]
    if not lows:
        ax.set_title(title)
        return _image(fig, alt, caption)
    low, high = min(lows), max(highs)
    shown = max(_quantile(d.counts, 0.995) for d in series if d.counts)
    step = max(1, (shown - low + bins) // bins) if bins else 1
    for k, dist in enumerate(series):
        colour = dist.colour or PALETTE[k % len(PALETTE)]
        total = sum(dist.counts.values())
        if not total:
            continue
        edges = list(range(low, high + step + 1, step))
        shares = [sum(c for v, c in dist.counts.items() if a <= v < a + step) / total for a in edges[:-1]]
        ax.stairs(shares, [e - 0.5 for e in edges], color=colour, linewidth=1.6, label=dist.name,
                  zorder=3)
        ax.stairs(shares, [e - 0.5 for e in edges], color=colour, alpha=0.14, fill=True, zorder=2)
        if medians:
            ax.axvline(median(dist.counts), color=colour, linestyle=(0, (4, 3)), linewidth=1.1, zorder=4)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(bottom=0)
    if shown < high:  # a few very long outliers would squash the rest: say so instead
        edge = shown + step
        ax.set_xlim(low - 0.5 - step, edge + 0.5)
        beyond = sum(c for d in series for v, c in d.counts.items() if v > edge)
        if beyond:
            games = "game" if beyond == 1 else "games"
            caption = f"{caption} Not shown: {beyond:,} {games} above {edge:,} (up to {high:,})."
    _percent_axis(ax)
    if len(series) > 1:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return _image(fig, alt, caption)


def _quantile(counts: dict[int, int], q: float) -> int:
    """The nearest-rank ``q`` quantile of a distribution given as value -> count."""
    need = max(1, math.ceil(q * sum(counts.values())))
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= need:
            return value
    return max(counts)


def median(counts: dict[int, int]) -> float:
    """The median of a distribution given as value -> count.

    >>> median({1: 1, 2: 1, 10: 1}), median({1: 2, 3: 2})
    (2, 2.0)
    """
    total = sum(counts.values())
    if not total:
        return 0.0
    values = sorted(counts)

    def nth(k: int) -> int:
        seen = 0
        for v in values:
            seen += counts[v]
            if seen > k:
                return v
        return values[-1]

    if total % 2:
        return nth(total // 2)
    return (nth(total // 2 - 1) + nth(total // 2)) / 2


# ---------------------------------------------------------------------- HTML
_CSS = """
:root { --ink: #222; --muted: #666; --line: #e3e3e3; --soft: #f6f7f9; --accent: #0072B2;
        --warn: #b54708; --warn-soft: #fff4e5; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif;
       color: var(--ink); background: #fff; }
main { max-width: 1080px; margin: 0 auto; padding: 28px 32px 48px; }
header h1 { font-size: 30px; margin: 0 0 4px; letter-spacing: -0.01em; }
header .subtitle { color: var(--muted); margin: 0 0 14px; font-size: 17px; }
.facts { display: flex; flex-wrap: wrap; gap: 6px 22px; margin: 0 0 24px; padding: 0; list-style: none;
         font-size: 14px; color: var(--muted); }
.facts b { color: var(--ink); font-weight: 600; }
.headlines { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 14px;
             margin: 8px 0 26px; }
.finding { border: 1px solid var(--line); border-left: 5px solid var(--accent); border-radius: 8px;
           padding: 14px 18px 12px; background: var(--soft); }
.finding.warn { border-left-color: var(--warn); background: var(--warn-soft); }
.finding .value { font-size: 30px; font-weight: 700; line-height: 1.1; }
.finding.warn .value { color: var(--warn); }
.finding .label { font-size: 13px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted);
                  margin: 2px 0 8px; }
.finding p { margin: 0; font-size: 15px; }
.finding p.detail { margin-top: 6px; font-size: 13.5px; color: var(--muted); }
nav.toc { font-size: 14px; margin: 0 0 10px; padding: 10px 0; border-top: 1px solid var(--line);
          border-bottom: 1px solid var(--line); }
nav.toc { display: flex; flex-wrap: wrap; gap: 4px 20px; }
nav.toc a { color: var(--accent); text-decoration: none; white-space: nowrap; }
section { margin-top: 34px; }
h2 { font-size: 23px; margin: 0 0 6px; padding-top: 6px; }
h3 { font-size: 17px; margin: 26px 0 6px; }
section > p { max-width: 820px; margin: 6px 0 12px; }
figure { margin: 14px 0 22px; }
figure img { width: 100%; max-width: 100%; height: auto; display: block; }
figcaption { font-size: 14px; color: var(--muted); margin-top: 4px; max-width: 860px; }
table { border-collapse: collapse; font-size: 14px; margin: 6px 0 4px; font-variant-numeric: tabular-nums; }
th, td { padding: 5px 12px; border-bottom: 1px solid var(--line); text-align: left; }
th { background: var(--soft); font-weight: 600; border-bottom: 2px solid #cfcfcf; }
td.n, th.n { text-align: right; }
td.n { white-space: nowrap; }
td .sub { font-size: 12.5px; color: var(--muted); }
tbody tr:hover { background: #fafbfc; }
.table-note { font-size: 13px; color: var(--muted); margin: 2px 0 18px; max-width: 860px; }
.scroll { overflow-x: auto; }
footer { margin-top: 40px; padding-top: 14px; border-top: 1px solid var(--line); font-size: 13px;
         color: var(--muted); }
footer code, .facts code { font-size: 12.5px; background: var(--soft); padding: 1px 5px; border-radius: 4px; }
"""


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _looks_numeric(cell: str) -> bool:
    stripped = cell.replace(",", "").replace("%", "").replace("–", "").replace("−", "").replace(".", "")
    for mark in "()/ -±\n":
        stripped = stripped.replace(mark, "")
    return stripped.isdigit() or cell in ("", "—")


def _table_html(table: Table, anchor: str) -> str:
    numeric = [k > 0 and all(_looks_numeric(row[k]) for row in table.rows) for k in range(len(table.columns))]
    head = "".join(f'<th{" class=n" if numeric[k] else ""}>{_e(c)}</th>' for k, c in enumerate(table.columns))
    body = "".join("<tr>" + "".join(f'<td{" class=n" if numeric[k] else ""}>{_cell(cell)}</td>'
                                    for k, cell in enumerate(row)) + "</tr>" for row in table.rows)
    note = f'<p class="table-note">{_e(table.note)}</p>' if table.note else ""
    return (f'<h3 id="{_e(anchor)}">{_e(table.title)}</h3><div class="scroll"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>{note}")


def _cell(text: str) -> str:
    """A table cell's text; a second line (after a newline) is shown small and muted."""
    first, _, rest = text.partition("\n")
    return _e(first) + (f'<br><span class="sub">{_e(rest)}</span>' if rest else "")


def _figure_html(image: Image) -> str:
    data = base64.b64encode(image.png).decode("ascii")
    caption = f"<figcaption>{_e(image.caption)}</figcaption>" if image.caption else ""
    size = f' style="width: {image.width_px}px"' if image.width_px else ""
    return f'<figure><img alt="{_e(image.alt)}"{size} src="data:image/png;base64,{data}">{caption}</figure>'


def render_page(page: Page) -> str:
    """The whole page as one HTML document: title, run facts, headline findings, a table
    of contents, each section's text and figures, then every section's tables."""
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{_e(page.title)}</title><style>{_CSS}</style></head><body><main>",
             f'<header><h1>{_e(page.title)}</h1><p class="subtitle">{_e(page.subtitle)}</p>']
    if page.facts:
        parts.append('<ul class="facts">' + "".join(f"<li>{_e(k)}: <b>{_e(v)}</b></li>" for k, v in page.facts)
                     + "</ul>")
    parts.append("</header>")
    if page.headlines:
        parts.append('<section id="findings" class="headlines" aria-label="Headline findings">')
        for h in page.headlines:
            tone = " warn" if h.tone == "warn" else ""
            detail = f'<p class="detail">{_e(h.detail)}</p>' if h.detail else ""
            parts.append(f'<div class="finding{tone}"><div class="value">{_e(h.value)}</div>'
                         f'<div class="label">{_e(h.label)}</div><p>{_e(h.text)}</p>{detail}</div>')
        parts.append("</section>")
    links = [f'<a href="#{_e(s.id)}">{_e(s.title)}</a>' for s in page.sections]
    if any(s.tables for s in page.sections):
        links.append('<a href="#tables">The numbers</a>')
    parts.append(f'<nav class="toc">{"".join(links)}</nav>')
    for s in page.sections:
        parts.append(f'<section id="{_e(s.id)}"><h2>{_e(s.title)}</h2>')
        parts.extend(f"<p>{_e(p)}</p>" for p in s.paragraphs)
        parts.extend(_figure_html(f) for f in s.figures)
        parts.append("</section>")
    if any(s.tables for s in page.sections):
        parts.append('<section id="tables"><h2>The numbers</h2>'
                     "<p>Every figure above, as numbers. Intervals are 95% Wilson score intervals.</p>")
        for s in page.sections:
            for k, table in enumerate(s.tables):
                parts.append(_table_html(table, f"{s.id}-table-{k + 1}"))
        parts.append("</section>")
    if page.footer:
        parts.append("<footer>" + "".join(f"<p>{_footer_line(line)}</p>" for line in page.footer) + "</footer>")
    parts.append("</main></body></html>")
    return "\n".join(parts) + "\n"


def _footer_line(line: str) -> str:
    """Footer text; a part between backquotes is shown as code."""
    pieces = line.split("`")
    return "".join(f"<code>{_e(p)}</code>" if k % 2 else _e(p) for k, p in enumerate(pieces))
