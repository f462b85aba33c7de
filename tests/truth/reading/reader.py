"""Reading a message: each line to the claims it makes, or to the label of a statement
kind the audit cannot check yet."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.truth.claims import areas, lobby, narration, plays, table
from tests.truth.claims.base import Claim, Context
from tests.truth.claims.choices import rules
from tests.truth.claims.closing import ended, game_over, rematch, score_when_ended
from tests.truth.claims.events import tables as round_tables
from tests.truth.claims.marks import marks
from tests.truth.claims.review import steps as review

Reader = Callable[[str, Context], "list[Claim] | None"]

#: Line starts → their reader, tried in order (the first that reads the line wins).
READERS: list[tuple[re.Pattern[str], Reader]] = [
    (re.compile(r"^.+ · table #\d+( · your hand)?$"), lobby.title),
    (re.compile(r"^Seat \d+: "), lobby.seat),
    (round_tables.ROUND_TITLE, round_tables.round_title),
    (re.compile(r"^🏁 \*\*This table's round is over\.\*\*$"), round_tables.round_over),
    (re.compile(r"^It counts in the tournament's standings"), round_tables.round_counts),
    (re.compile(r"^Host: "), lobby.host),
    (lobby.STATUS, lobby.status),
    (re.compile(r"^House rules: "), lobby.house_rules),
    (re.compile(r"^Calling card: "), lobby.calling_card),
    (re.compile(r"^Bids: "), lobby.bids),
    (re.compile(r"^Score: "), table.score),
    (re.compile(r"^Final score: "), table.final_score),
    (re.compile(r"^Tricks taken: "), table.tricks_taken),
    (re.compile(r"^Hand \d+( of \d+)?( · |$)"), table.header),
    (re.compile(r"^Sitting out this hand: "), table.sitting_out),
    (re.compile(r"^Cards in hand: "), table.cards_in_hand),
    (re.compile(r"^Calls: "), table.calls),
    (re.compile(r"^⏳ \*\*(?!Not your turn)"), table.turn),
    (re.compile(r"^Turn-up: "), table.turn_up),
    (re.compile(r"^Trump: "), table.trump),
    (re.compile(r"^Trick: "), plays.current_trick),
    (re.compile(r"^Last trick( of hand \d+)?: "), plays.last_trick),
    (re.compile(r"^🏆 \*\*.+\*\* won the (game|round) after "), table.final),
    (re.compile(r"^The round is over after "), table.level),
    (re.compile(r"^\*\*Your hand:\*\*"), table.hand_cards),
    (re.compile(r"^(👉 \*\*Your turn:\*\*|⏳ \*\*Not your turn yet\.\*\*)"), table.whose_turn),
    (re.compile(r"^\**(Your|.+'s) (table|battery):"), areas.layout),
    (re.compile(r"^💡 \*\*Hint:\*\* "), table.hint),
    (re.compile(r"^-# Simulated: "), table.simulated),
    (re.compile(r"^🏁 \*\*The game is over\.\*\*$"), game_over),
    (re.compile(r"^Press \*\*Rematch\*\* to play again"), rematch),
    (re.compile(r"^This game was ended before its finish"), ended),
    (re.compile(r"^Score when it ended: "), score_when_ended),
    (re.compile(r"^🚫 You(r \w+ holds | must follow| play from)"), rules.reminders),
    (re.compile(r"^🚫 The maker must follow "), rules.maker_follows),
    (rules.CHOICE_LINE, rules.choice_help),
    (re.compile(r"^Count taken: "), areas.count_taken),
    (re.compile(r"^\*\*.+\*\* won the bidding"), areas.won_bidding),
    (re.compile(r"^Chaff turned: "), areas.chaff),
    (re.compile(r"^Nest: "), areas.nest),
    (re.compile(r"^Jambone hand \(face up\): "), areas.jambone_hand),
    (re.compile(r"^🚂 \*\*.+\*\* calls \*\*Jambone"), areas.jambone_called),
    (re.compile(r"^(🃏 \*\*Jambone:\*\* your hand|.+ called Jambone: you choose)"),
     areas.jambone_sides),
    (re.compile(r"^🪑 \*\*You sit out this hand:\*\* "), areas.sits_out),
    (re.compile(r"^(⏳ .+ as soon as .+ has discarded|🔜 Once you have discarded, )"),
     areas.held_call),
    (re.compile(r"^(Trump flipped: |The calling card |\*\*.+\*\* switched in )"),
     narration.trump_changed),
]
NARRATION: list[tuple[re.Pattern[str], Reader]] = [
    (re.compile(r"^📊 \*\*Hand \d+( of \d+)? is over"), narration.hand_over),
    (re.compile(r"^Tricks: "), narration.hand_tricks),
    (re.compile(r"^Points this hand: "), narration.points),
    (re.compile(r"^Score: "), narration.narrated_score),
    (re.compile(r"^🏆 \*\*.+\*\* won the game: "), narration.game_won),
    (re.compile(r"^\*\*.+\*\* (named|picks it up|ordered it up|plays it)"),
     narration.trump_made),
    (re.compile(r"^\*\*.+\*\* (goes alone|defends alone|shoots the moon)!$"),
     narration.goes_alone),
    (re.compile(r"^Nobody played it: "), narration.free_for_all),
    (re.compile(r"^<@\d+>: your turn at "), narration.turn_ping),
    (re.compile(r"^(<@\d+> ?)+: your game at "), narration.game_on),
    (re.compile(r"^Last trick( of hand \d+)?: "), plays.last_trick),
    (re.compile(r"^(Trump flipped: |The calling card |\*\*.+\*\* switched in )"),
     narration.trump_changed),
    (re.compile(r"^(.+ left the game: |A moderator gave )"), narration.departed),
    (re.compile(r"^🃏 \*\*.+\*\* \(table #\d+\) has started"), narration.started),
]


@dataclass
class Reading:
    """What one message version says: its claims, and the lines no reader could check."""

    claims: list[Claim] = field(default_factory=list)
    unchecked: list[tuple[str, str]] = field(default_factory=list)  # (label, line)


def read(text: str, ctx: Context, narrated: bool = False) -> Reading:
    """The claims of every line of ``text``; the rest labelled as unchecked."""
    reading = Reading(claims=marks(text, ctx.table, ctx.names))
    readers = NARRATION + READERS if narrated else READERS
    if text.startswith("🔎"):
        lines = [raw.strip() for raw in text.splitlines() if raw.strip()]
        step_claims, unread = review.read_step(lines, ctx)
        reading.claims += step_claims
        reading.unchecked = [(f"review: {label(line, ctx)}", line) for line in unread]
        return reading
    for line in (raw.strip() for raw in text.splitlines()):
        if not line:
            continue
        claims: list[Claim] | None = None
        for pattern, reader in readers:
            if pattern.search(line):
                claims = reader(line, ctx)
                break
        if claims is None:
            reading.unchecked.append((label(line, ctx), line))
        else:
            reading.claims += claims
    return reading


def label(line: str, ctx: Context) -> str:
    """A line's kind without its names, cards and numbers: ``X's table:``, ``Bids:``."""
    if lobby.STATUS.match(line):
        return lobby.NOT_STORED  # read wherever the seat changes were stored
    text = ctx.names.replace(line)
    text = re.sub(r"<@\d+>|<t:\d+:\w>", "@", text)
    head = text.split(": ", 1)[0] if ": " in text[:40] else " ".join(text.split()[:4])
    head = re.sub(r"\d+", "#", head)
    return re.sub(r"[^\w#@' ]", "", head).strip()[:40]
