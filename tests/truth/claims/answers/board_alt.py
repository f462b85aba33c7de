"""Claims of the leaderboard picture's alt text (``Euchre leaderboard, Season 1: #1 alice,
skill 7.0, 2 games, 50% won, up 1 place; …``): the board it names and each row, judged
as the rows of the text beside it are (:mod:`.leaderboard`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from tests.truth.claims.answers.leaderboard import (
    ALL_TIME,
    FIRST_SEASON,
    PAGE,
    TITLE,
    Row,
    board_truth,
    note_findings,
    rows_findings,
)
from tests.truth.claims.answers.stats import NAMES, Finding
from tests.truth.stored.ratings import Ledger

ALT = re.compile(r"^(?P<game>.+) leaderboard, (?P<scope>.+?)(?: · (?P<players>\d+) players)?:"
                 r" (?P<body>.*)$", re.S)
ALT_ROW = re.compile(r"^(?P<own>your place: )?#(?P<place>\d+) (?P<name>.+), skill"
                     r" (?P<skill>-?\d+\.\d), (?P<games>\d+) games?, (?P<share>\d+)% won"
                     r"(?:, (?P<move>up \d+ places?|down \d+ places?|same place|new))?$")
MOVED = re.compile(r"^(?P<way>up|down) (?P<places>\d+) places?$")
#: How the alt names a member whose display name is not known: the id's last digits.
UNKNOWN = re.compile(r"^Member …(?P<digits>\d{1,4})$")
WINDOW_NOTE = ". ▲▼ "
KIND = "leaderboard_alt"


def is_board_alt(alt: str) -> bool:
    """Whether an alt text is a leaderboard picture's."""
    match = ALT.match(alt)
    return match is not None and match.group("game") in NAMES


def board_alt_findings(alt: str, text: str, member: int | None, ledger: Ledger, at: float,
                       user_names: Mapping[int, str]) -> list[Finding]:
    """(kind, said, truth or None) for the alt text of the leaderboard picture shown at
    ``at`` beside ``text`` (whose title and page it must share), privately to ``member``;
    nothing once seasons have begun, or for a board of one player count."""
    match = ALT.match(alt)
    lines = [raw.strip() for raw in text.splitlines() if raw.strip()]
    title = TITLE.match(lines[0]) if lines else None
    if match is None or match.group("game") not in NAMES or ledger.seasons or match.group(
            "players") or title is None:
        return []
    variant = NAMES[match.group("game")]
    said = (match.group("game"), match.group("scope"))
    found: list[Finding] = [(f"{KIND}_title", alt[:alt.index(":")], None if said == (
        title.group("game"), title.group("scope")) and said[1] in (FIRST_SEASON, ALL_TIME)
        else f"the message shows {lines[0]}")]
    body, _, note = match.group("body").partition(WINDOW_NOTE)
    truth = board_truth(ledger, variant, member, at)
    page = next((int(m.group("page")) for m in map(PAGE.match, lines) if m), 1)
    rows: list[Row] = []
    for part in body.split("; "):
        row = ALT_ROW.match(part)
        user = named(row.group("name"), user_names) if row else None
        if row is None:
            found += [(kind.replace("leaderboard_", f"{KIND}_"), said, wrong)
                      for kind, said, wrong in note_findings(part, truth, member, ledger,
                                                             variant, at)]
        elif user is None:
            found.append((f"{KIND}_place", part, "no member is called that"))
        else:
            rows.append(Row(part, int(row.group("place")), user, float(row.group("skill")),
                            int(row.group("games")), int(row.group("share")),
                            move_words(row.group("move")), bool(row.group("own"))))
    found += rows_findings(rows, truth, page, member, ledger, variant, at, KIND)
    if note:
        found += [(kind.replace("leaderboard_", f"{KIND}_"), said, wrong) for kind, said, wrong
                  in note_findings("▲▼ " + note, truth, member, ledger, variant, at)]
    return found


def named(name: str, user_names: Mapping[int, str]) -> int | None:
    """The member a picture names: by display name, or by the last digits of their id."""
    unknown = UNKNOWN.match(name)
    found = [user for user, known in user_names.items() if (
        str(user)[-4:] == unknown.group("digits") if unknown else known == name)]
    return found[0] if len(found) == 1 else None


def move_words(said: str | None) -> str | None:
    """``up 2 places`` as the text says it (``▲ 2``); ``same place`` and ``new`` alike."""
    moved = MOVED.match(said or "")
    if moved is None:
        return said
    return f"{'▲' if moved.group('way') == 'up' else '▼'} {moved.group('places')}"
