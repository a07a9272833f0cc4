"""Click in the judge's language: help texts from the locale data, click's own phrases, CJK-aware wrapping.

Help texts are keyed by command path (``help.rule.text``, ``help.faq check.param.junit``) and put on the
command objects when a command is looked up, so the Python modules hold no help wording. Click's own
phrases ("Usage:", "Show this message and exit.", its error messages) go through :mod:`gettext`; click
binds ``gettext`` into each of its modules as ``_``, and :func:`install_click_words` rebinds those to
:func:`click_word`, which reads the ``click.<English phrase>`` entries of the language in use.
"""

from __future__ import annotations

import gettext
import os
import re
import sys
from typing import Iterable

import click
from click import formatting

from judge.locale import LANGS, current, has, set_lang, t, words
from judge.locale.width import display_width, is_wide

_OPENERS = "（「『《“‘【〔"  # stay on the line of the character after them
_CLOSERS = "，。、；：！？）」』》”’】〕…"  # stay on the line of the character before them


def click_word(message: str) -> str:
    """Click's English ``message`` in the language in use (as it is when there is no entry)."""
    return words(current()).get(f"click.{message}", message)


def click_words_n(singular: str, plural: str, n: int) -> str:
    """:func:`click_word` for click's ``ngettext``."""
    return click_word(singular if n == 1 else plural)


def install_click_words() -> None:
    """Let click's loaded modules find their phrases through :func:`click_word` (idempotent)."""
    for name, module in list(sys.modules.items()):
        if name == "click" or name.startswith("click."):
            if getattr(module, "_", None) is gettext.gettext:
                module._ = click_word  # type: ignore[attr-defined]
            if getattr(module, "ngettext", None) is gettext.ngettext:
                module.ngettext = click_words_n  # type: ignore[attr-defined]


def _units(text: str) -> list[str]:
    """What a line may break between: spaces (as " "), single wide characters and runs of narrow ones (a long run
    also after each "/"), with opening marks joined to the unit after them and closing marks to the unit before.
    (A scan, not a regular expression: a character class of the CJK ranges takes ~7 ms to compile.)"""
    raw: list[str] = []
    i = 0
    while i < len(text):
        j = i + 1
        if text[i].isspace():
            while j < len(text) and text[j].isspace():
                j += 1
            raw.append(" ")
        elif not is_wide(text[i]):
            while j < len(text) and not text[j].isspace() and not is_wide(text[j]):
                j += 1
            run = text[i:j]  # a path may break after each "/" (a long one would not fit any line whole)
            raw += [p for p in run.replace("/", "/\0").split("\0") if p] if len(run) > 24 else [run]
        else:
            raw.append(text[i])
        i = j
    units: list[str] = []
    for unit in raw:
        if units and units[-1] != " " and (all(c in _CLOSERS for c in unit) or all(c in _OPENERS for c in units[-1])):
            units[-1] += unit
        else:
            units.append(unit)
    return units


def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """One paragraph filled to ``width`` columns, the first line starting with ``first``, the others with
    ``rest``. Lines break at spaces and between Chinese characters, never before a closing mark or after
    an opening one; a unit longer than a line stays whole."""
    lines: list[str] = []
    line, used, fresh, space = first, display_width(first), True, False
    for unit in _units(text):
        if unit.isspace():
            space = not fresh
            continue
        piece = " " + unit if space else unit
        if not fresh and used + display_width(piece) > width:
            lines.append(line.rstrip())
            line, used, piece = rest, display_width(rest), unit
        line += piece
        used += display_width(piece)
        fresh = space = False
    lines.append(line.rstrip())
    return lines


def _join_lines(lines: Iterable[str]) -> str:
    """The lines of one paragraph as one: a space between them except between two wide characters."""
    out = ""
    for line in (s.strip() for s in lines):
        if out and line and not (is_wide(out[-1]) and is_wide(line[0])):
            out += " "
        out += line
    return out


def wrap_paragraphs(text: str, width: int, indent: str = "") -> str:
    """Blank-line-separated paragraphs, each wrapped; a paragraph starting with a ``\\b`` line is kept as written."""
    out = []
    for para in re.split(r"\n\s*\n", text.strip("\n")):
        lines = para.splitlines()
        if lines and lines[0].strip() == "\b":
            out.append("\n".join(indent + line for line in lines[1:]))
            continue
        extra = " " * (len(lines[0]) - len(lines[0].lstrip())) if lines else ""
        out.append("\n".join(wrap(_join_lines(lines), width, indent + extra, indent + extra)))
    return "\n\n".join(out)


def _terminal_columns() -> int:
    """``$COLUMNS``, else the terminal's width, else 80 (without importing shutil, as click would)."""
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class JudgeFormatter(click.HelpFormatter):
    """Click's help layout, measured in terminal columns so Chinese text wraps and aligns."""

    def __init__(self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None) -> None:
        if width is None:
            width = formatting.FORCED_WIDTH or max(min(_terminal_columns(), max_width or 80) - 2, 50)
        super().__init__(indent_increment, width, max_width)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        head = f"{t('help.usage') if prefix is None else prefix:>{self.current_indent}}{prog}"
        indent = " " * min(display_width(head) + 1, self.width // 2)
        self.write("\n".join(wrap(args, self.width, head + " ", indent)) + "\n")

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{heading}{t('help.colon')}\n")

    def write_text(self, text: str) -> None:
        self.write(wrap_paragraphs(text, self.width, " " * self.current_indent) + "\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        first_col = min(max((display_width(r[0]) for r in rows), default=0), col_max) + col_spacing
        pad = " " * (first_col + self.current_indent)
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if display_width(first) <= first_col - col_spacing:
                self.write(" " * (first_col - display_width(first)))
            else:
                self.write("\n" + pad)
            lines = wrap_paragraphs(second, max(self.width - first_col - 2, 10)).splitlines()
            self.write("\n".join([lines[0], *(pad + line if line else "" for line in lines[1:])]) + "\n")


class JudgeContext(click.Context):
    """A context whose help is laid out by :class:`JudgeFormatter`."""

    formatter_class = JudgeFormatter


def _metavar(param: click.Parameter, name: str) -> str:
    """How an argument is shown in the usage line: ``规则编号``, ``[文件夹]``, ``文件...``."""
    if isinstance(param, click.Argument):
        name = name if param.required else f"[{name}]"
        return name + ("..." if param.nargs != 1 else "")
    return name


def _phrase(command_key: str, kind: str, name: str) -> str | None:
    """The command's own phrase for a parameter, else the one shared by all commands, else None."""
    for key in (f"help.{command_key}.{kind}.{name}", f"help.common.{kind}.{name}"):
        if has(key):
            return t(key)
    return None


def _choose_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:  # chosen from the arguments before parsing already (judge.cli); this keeps the two the same
        set_lang(value)


def lang_option() -> click.Option:
    """``--lang zh|en``: every command takes it, wherever it is typed (``judge --lang en rule 706``, ``judge rule 706
    --lang en``)."""
    return click.Option(["--lang"], type=click.Choice(LANGS), is_eager=True, expose_value=False, callback=_choose_lang)


def _localize_param(param: click.Parameter, path: str) -> None:
    """A parameter's help and shown name in the language in use, from the phrases of command ``path``."""
    if isinstance(param.type, click.Path):  # click names the kind of path (in its messages) once, when made
        file_ok, dir_ok = param.type.file_okay, param.type.dir_okay
        param.type.name = click_word("path" if file_ok and dir_ok else "file" if file_ok else "directory")
    if param.name is None:
        return
    text = _phrase(path, "param", param.name)
    if text is not None and isinstance(param, (click.Option, click.Argument)):
        param.help = text  # type: ignore[union-attr]
    var = _phrase(path, "var", param.name)
    if var is not None:
        param.metavar = _metavar(param, var)


def localize(command: click.Command, path: str, ctx: click.Context) -> click.Command:
    """Put the language in use on ``command`` and its subcommands: help, short help, parameter help and names;
    a command without a ``--lang`` of its own gets the global one. ``ctx`` is the root context (click makes a
    command's help option once, with the help option names of the context it is first asked with)."""
    if not any(p.name == "lang" for p in command.params):
        command.params.append(lang_option())
    key = f"help.{path}"
    if has(f"{key}.text"):
        command.help = t(f"{key}.text")
    if has(f"{key}.short"):
        command.short_help = t(f"{key}.short")
    command.options_metavar = t("help.options_metavar")
    command.context_class = JudgeContext
    for param in command.params:
        _localize_param(param, path)
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        help_option.help = click_word("Show this message and exit.")
    if isinstance(command, click.Group):
        command.subcommand_metavar = t("help.subcommand_metavar")
        for name, sub in command.commands.items():
            localize(sub, f"{path} {name}", ctx)
    return command
