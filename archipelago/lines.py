"""A game's main line with its side lines ("what if I had played there?") and notes.

The lines form a tree of turns, as a game site's analysis board keeps them: each node is
a turn (its text as the game's record writes it) with an optional note, and its first
child continues the line it is on; the other children start side lines. The main line
follows the first children from the root. A place in the tree is a path: the texts of
the turns from the start, so it survives promoting or deleting other lines.

Nothing here knows a game: the turns are texts. ``record_lines`` writes the side lines
and notes into a record (format 2) and ``read_lines`` reads them back, checking each line
by replaying it with the game's own ``from_record`` (``archipelago.registry``), within the
limits below: a record built to hurt (a huge tree, a deep one, a bad move in a line) is
refused in one line that names the line and the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import ArchipelagoError, RecordError
from .game import Game
from .i18n import _, whole
from .reading import ascii_int, one_line, show, unsafe_character
from .registry import game_class

NOTE_LENGTH = 300  # characters of one note
MAX_LINES = 64  # side lines in one record
MAX_LINE_TURNS = 2_000  # turns of all the side lines together
MAX_NESTING = 12  # a side line of a side line of ... (the main line is 0)
LINES_KEY, NOTES_KEY = "lines", "notes"

Path = tuple[str, ...]


@dataclass(eq=False)
class Node:
    """A turn of some line: its text, its note ("" for none), and the turns that may
    follow it (the first continues its line)."""

    turn: str
    note: str = ""
    children: list[Node] = field(default_factory=list)

    def child(self, turn: str) -> Node | None:
        return next((c for c in self.children if c.turn == turn), None)


@dataclass(frozen=True)
class Line:
    """One line as the moves list shows it: the turns before its first (``start``), the
    path to its last turn, how deep it nests (0: the main line) and the line it leaves
    (its index among ``LineTree.lines()``; -1 for the main line)."""

    start: int
    path: Path
    depth: int
    parent: int

    @property
    def turns(self) -> Path:
        return self.path[self.start :]


class LineTree:
    """The main line, the side lines and the notes of one game."""

    def __init__(self, main: Sequence[str] = ()) -> None:
        self.root = Node("")
        self.set_main(main)

    # ------------------------------------------------------------------ reading
    def node(self, path: Sequence[str]) -> Node | None:
        """The node at the end of ``path`` (the root for ()), or None when no line has it."""
        node: Node | None = self.root
        for turn in path:
            node = node.child(turn) if node is not None else None
        return node

    def continuation(self, path: Sequence[str]) -> Path:
        """``path`` followed along its line to the line's last turn."""
        node = self.node(path)
        if node is None:
            return tuple(path)
        turns = list(path)
        while node.children:
            node = node.children[0]
            turns.append(node.turn)
        return tuple(turns)

    def main_line(self) -> Path:
        return self.continuation(())

    def on_main_line(self, path: Sequence[str]) -> bool:
        return tuple(path) == self.main_line()[: len(path)]

    def note(self, path: Sequence[str]) -> str:
        node = self.node(path)
        return node.note if node is not None and path else ""

    def lines(self) -> list[Line]:
        """Every line, the main line first, then each side line after the line it leaves
        (depth first, in the order of the children: the moves list's order)."""
        found: list[Line] = []

        def walk(start: int, prefix: Path, node: Node, depth: int, parent: int) -> None:
            index = len(found)
            found.append(Line(start, self.continuation(prefix), depth, parent))
            path = prefix
            while True:
                for side in node.children[1:]:
                    walk(len(path), (*path, side.turn), side, depth + 1, index)
                if not node.children:
                    return
                node = node.children[0]
                path = (*path, node.turn)

        walk(0, (), self.root, 0, -1)
        return found

    def walk(self) -> Iterator[tuple[Path, Node]]:
        """Every node but the root with its path, parents before children."""
        stack: list[tuple[Path, Node]] = [((c.turn,), c) for c in reversed(self.root.children)]
        while stack:
            path, node = stack.pop()
            yield path, node
            stack.extend(((*path, c.turn), c) for c in reversed(node.children))

    def size(self) -> int:
        return sum(1 for _node in self.walk())

    def siblings(self, path: Sequence[str], count: int) -> list[Path]:
        """The lines through the position before turn ``count`` of ``path``, each as the
        path to its end, in the moves list's order: up and down switch among them."""
        if not 1 <= count <= len(path):
            return [tuple(path)]
        at = self.node(path[: count - 1])
        if at is None:
            return [tuple(path)]
        return [self.continuation((*path[: count - 1], c.turn)) for c in at.children]

    # ------------------------------------------------------------------ changing
    def set_main(self, turns: Sequence[str]) -> None:
        """The game's turns become the main line (each one first among its siblings). What
        the main line held past them goes when it carries nothing (no note, no side
        line): turns taken back by Undo leave no side line behind."""
        old_main = self.main_line()
        node = self.root
        for turn in turns:
            found = node.child(turn)
            if found is None:
                found = Node(turn)
            else:
                node.children.remove(found)
            node.children.insert(0, found)
            node = found
        if tuple(turns) == old_main[: len(turns)] and node.children and _bare(node.children[0]):
            del node.children[0]

    def add(self, path: Sequence[str], turn: str) -> Path:
        """Play ``turn`` after ``path``: the line that already has it, else a new line
        (a side line when another turn follows ``path`` already); returns the new path."""
        node = self.node(path)
        if node is None:
            raise KeyError("no line reaches that position")
        if node.child(turn) is None:
            node.children.append(Node(turn))
        return (*path, turn)

    def promote(self, path: Sequence[str]) -> bool:
        """Make the line through ``path`` the main line; False when it is already."""
        if self.on_main_line(path) or self.node(path) is None:
            return False
        node = self.root
        for turn in path:
            found = node.child(turn)
            assert found is not None
            node.children.remove(found)
            node.children.insert(0, found)
            node = found
        return True

    def delete(self, path: Sequence[str]) -> bool:
        """Delete the side line that ``path`` is on, from its first turn (the turn where
        it leaves its parent line) on; the main line is never deleted here."""
        start = self.line_start(path)
        if start is None:
            return False
        parent = self.node(path[:start])
        assert parent is not None
        parent.children = [c for c in parent.children if c.turn != path[start]]
        return True

    def line_start(self, path: Sequence[str]) -> int | None:
        """How many turns come before the first turn of the side line ``path`` ends on
        (None: on the main line, or on no line)."""
        node, start = self.root, None
        for index, turn in enumerate(path):
            found = node.child(turn)
            if found is None:
                return None
            if found is not node.children[0]:
                start = index
            node = found
        return start

    def set_note(self, path: Sequence[str], text: str) -> str:
        """Write (or with "" remove) the note of the turn at the end of ``path``: "" when
        done, else why not."""
        node = self.node(path)
        if node is None or not path:
            return _("There is no turn here to write a note on.")
        problem = note_problem(text)
        if problem:
            return problem
        node.note = " ".join(text.split())
        return ""


def _bare(node: Node) -> bool:
    """A chain of turns without a note or a side line."""
    while True:
        if node.note or len(node.children) > 1:
            return False
        if not node.children:
            return True
        node = node.children[0]


def note_problem(text: str) -> str:
    """Why ``text`` cannot be a note ("" when it can)."""
    if len(text) > NOTE_LENGTH:
        return _("A note holds at most {limit} characters (this one has {length}).").format(
            limit=NOTE_LENGTH, length=whole(len(text))
        )
    if unsafe_character(" ".join(text.split())):
        return _("A note cannot hold control characters.")
    return ""


# ---------------------------------------------------------------------- records
def record_lines(tree: LineTree) -> dict[str, Any]:
    """The side lines and notes as a record's keys (none when there are none):

    ``"notes"``: {"turn number": note} on the main line; ``"lines"``: one object per
    side line, ``{"parent": p, "at": n, "turns": [...], "notes": {...}}``, the line
    leaving line ``p`` (0: the main line, k: the k-th side line, always an earlier one)
    after ``n`` turns of the game. Turn numbers count from the start of the game."""
    keys: dict[str, Any] = {}
    lines = tree.lines()
    main_notes = _notes_of(tree, lines[0])
    if main_notes:
        keys[NOTES_KEY] = main_notes
    written = []
    for line in lines[1:]:
        entry: dict[str, Any] = {"parent": line.parent, "at": line.start, "turns": list(line.turns)}
        notes = _notes_of(tree, line)
        if notes:
            entry[NOTES_KEY] = notes
        written.append(entry)
    if written:
        keys[LINES_KEY] = written
    return keys


def _notes_of(tree: LineTree, line: Line) -> dict[str, str]:
    notes = {}
    for number in range(line.start + 1, len(line.path) + 1):
        note = tree.note(line.path[:number])
        if note:
            notes[str(number)] = note
    return notes


Replay = Callable[[Mapping[str, Any]], Game]


def read_lines(record: Mapping[str, Any], replay: Replay) -> tuple[Game, LineTree]:
    """The game of ``record`` (its main line) and its tree of lines, every line replayed
    by ``replay`` (a game's ``from_record``) and every note checked. RecordError in one
    line, naming the side line and the turn, when something is wrong."""
    game = replay(record)
    main = _turns_of(game)
    tree = LineTree(main)
    setup = {k: v for k, v in record.items() if k not in ("turns", "current", LINES_KEY, NOTES_KEY)}
    paths: list[Path] = [main]
    lines = record.get(LINES_KEY, [])
    if not isinstance(lines, list):
        raise RecordError(_('"{key}" must be a list of side lines').format(key=LINES_KEY))
    if len(lines) > MAX_LINES:
        raise RecordError(
            _("the record has {count} side lines (at most {limit})").format(
                count=whole(len(lines)), limit=MAX_LINES
            )
        )
    _check_size(lines)
    for number, line in enumerate(lines, start=1):
        what = _("side line {number}").format(number=number)
        parent, at, turns = _line_fields(line, what, paths)
        try:
            played = replay({**setup, "turns": [*paths[parent][:at], *turns]})
        except ArchipelagoError as error:
            raise RecordError(one_line(f"{what}: {error}")) from None
        path = _turns_of(played)
        paths.append(path)
        for turn_number, turn in enumerate(path[at:], start=at + 1):
            tree.add(path[: turn_number - 1], turn)
        _read_notes(tree, line.get(NOTES_KEY, {}), path, at, what)
    _read_notes(tree, record.get(NOTES_KEY, {}), main, 0, _("the main line"))
    return game, tree


def read_game_lines(record: Any) -> tuple[Game, LineTree]:
    """``read_lines`` for a record of any registered game."""
    if not isinstance(record, Mapping):
        raise RecordError(_("a game record must be a JSON object"))
    return read_lines(record, game_class(record.get("game")).from_record)


def line_game(record: Mapping[str, Any], path: Sequence[str]) -> Game:
    """The game of ``record`` played along ``path`` instead of its main line."""
    setup = {k: v for k, v in record.items() if k not in ("current", LINES_KEY, NOTES_KEY)}
    return game_class(record.get("game")).from_record({**setup, "turns": list(path)})


def _check_size(lines: list[Any]) -> None:
    """Refuse a tree too big or too deep before any line of it is replayed."""
    depths, total = [0], 0
    for number, line in enumerate(lines, start=1):
        what = _("side line {number}").format(number=number)
        if not isinstance(line, dict):
            raise RecordError(_("{what} must be an object").format(what=what))
        parent, turns = line.get("parent", 0), line.get("turns")
        if not _whole(parent) or not 0 <= parent < number:
            raise RecordError(
                _(
                    '{what}: "parent" must be the number of an earlier line (0 for the main '
                    "line), not {value}"
                ).format(what=what, value=show(parent))
            )
        if not (isinstance(turns, list) and turns and all(isinstance(t, str) for t in turns)):
            raise RecordError(
                _('{what}: "turns" must be a list of turns, not {value}').format(
                    what=what, value=show(turns)
                )
            )
        total += len(turns)
        if total > MAX_LINE_TURNS:
            raise RecordError(
                _("the side lines hold more than {limit} turns together: too many").format(
                    limit=whole(MAX_LINE_TURNS)
                )
            )
        depths.append(depths[parent] + 1)
        if depths[-1] > MAX_NESTING:
            raise RecordError(
                _("{what} nests more than {limit} side lines deep").format(
                    what=what, limit=MAX_NESTING
                )
            )


def _turns_of(game: Game) -> Path:
    turns = game.to_record().get("turns", [])
    return tuple(str(t) for t in turns)


def _line_fields(line: dict[str, Any], what: str, paths: list[Path]) -> tuple[int, int, list[str]]:
    """A side line's parent, branching point and turns (their shapes checked already)."""
    parent: int = line.get("parent", 0)
    at: Any = line.get("at")
    if not (_whole(at) and 0 <= at <= len(paths[parent])):
        raise RecordError(
            _(
                '{what}: "at" must be a number of turns of the line it leaves (0 to '
                "{last}), not {value}"
            ).format(what=what, last=len(paths[parent]), value=show(at))
        )
    return parent, at, list(line["turns"])


def _read_notes(tree: LineTree, notes: Any, path: Path, at: int, what: str) -> None:
    if not isinstance(notes, dict):
        raise RecordError(
            _('{what}: "{key}" must be an object of turn numbers and notes').format(
                what=what, key=NOTES_KEY
            )
        )
    for key, text in notes.items():
        number = ascii_int(key) if isinstance(key, str) else None
        if number is None or not at < number <= len(path):
            raise RecordError(
                _(
                    "{what}: a note is on turn {value}, which is not a turn of the line "
                    "({first} to {last})"
                ).format(what=what, value=show(key), first=at + 1, last=len(path))
            )
        if not isinstance(text, str):
            raise RecordError(
                _("{what}: the note of turn {number} must be text").format(what=what, number=number)
            )
        problem = tree.set_note(path[:number], text)
        if problem:
            raise RecordError(
                _("{what}, turn {number}: {problem}").format(
                    what=what, number=number, problem=problem.rstrip(".")
                )
            )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
