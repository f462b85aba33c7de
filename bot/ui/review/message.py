"""One step of a review as a Discord message: the text and picture of the step, the
computer's opinion of the member's decisions, and the buttons that step through the game."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence

import discord

from bot.drawing import PictureDrawer
from bot.engine import VARIANTS
from bot.pictures import SeatTag
from bot.review.leavers import still_theirs
from bot.review.library import FinishedGame
from bot.review.record import step_view
from bot.review.record.export import record_json
from bot.review.record.text import record_text, step_text
from bot.review.record.words import departure_sentence
from bot.ui.custom_ids import review_button
from bot.ui.namebook import NameBook
from bot.ui.names import FORMER_MEMBER
from bot.ui.pictures import picture_file, show_picture
from bot.ui.views import StaticView
from bot.words.players import COMPUTER, a_computer, computer_short_name, left_label, level_word
from bot.words.sides import DEAD_HAND_NAME

from .navigation import Step, target

REVIEW_FILE = "review.png"
LEFT_MARK = " (left)"
REPLACED_MARK = " (out)"  # a moderator gave the member's seat to the computer
REVIEW_COLOUR = discord.Colour.dark_teal()
#: (label, op, row) of the review's buttons.
BUTTONS = (
    ("⏮ First", "first", 0), ("◀ Hand", "hand_back", 0), ("◀ Trick", "back", 0),
    ("Trick ▶", "next", 0), ("Hand ▶", "hand_next", 0), ("Last ⏭", "last", 1),
)


def seat_labels(
    game: FinishedGame, names: NameBook, step: Step | None = None
) -> list[SeatTag]:
    """Each hand's label: the member's name (or "former member" for someone no longer in
    the server), a computer by its short name with its level, Flip's dead hand. A seat a
    member left is theirs at the steps before they left, ``Bob (left)`` (``Bob (out)``
    if a moderator gave it away) with the computer's level from then on (at every step
    when no ``step`` is given: the whole record)."""
    tags = []
    left = {gone.seat: gone for gone in game.departures}
    for player in sorted(game.result.seats, key=lambda p: p.seat):
        gone = left.get(player.seat) if player.user_id is None else None
        if player.user_id is not None or gone is not None:
            name = _member_name(gone.user_id if gone else player.user_id, player.seat, names)
            if gone is not None and not _still_theirs(game, player.seat, step):
                mark = REPLACED_MARK if gone.why == "replaced" else LEFT_MARK
                tags.append(SeatTag(f"{name}{mark}", player.computer_level or "normal"))
            else:
                tags.append(SeatTag(name))
        else:
            level = player.computer_level or "computer"
            tags.append(SeatTag(computer_short_name(player.seat), level))
    hands = max((max(side) + 1 for side in game.record.sides if side), default=len(tags))
    return tags + [SeatTag(DEAD_HAND_NAME)] * (hands - len(tags))


def _member_name(user_id: int | None, seat: int, names: NameBook) -> str:
    known = names.names.get(user_id) if user_id is not None else None
    gone = user_id is not None and names.is_gone(user_id)
    return known or (FORMER_MEMBER if gone else f"Player {seat + 1}")


def _still_theirs(game: FinishedGame, seat: int, step: Step | None) -> bool:
    computer_at = game.computer_from.get(seat)
    if step is None or computer_at is None:
        return False
    return still_theirs(game.record, step.hand, step.trick, computer_at)


def departure_notes(game: FinishedGame, names: NameBook) -> dict[int, list[str]]:
    """Who left the game during which hand and who took their seat, by hand number."""
    notes: dict[int, list[str]] = {}
    for gone in game.departures:
        known = names.names.get(gone.user_id)
        name = known or (FORMER_MEMBER if names.is_gone(gone.user_id) else "A member")
        taker = a_computer(gone.computer_level)
        sentence = departure_sentence(name, gone.why, gone.hand_number, taker)
        notes.setdefault(gone.hand_number, []).append(sentence)
    return notes


def text_names(tags: Sequence[SeatTag]) -> list[str]:
    """The labels as the text shows them: ``🤖 Ada (hard)``, ``Bob (left, 🤖 plays on)``."""
    shown = []
    for tag in tags:
        if tag.level and tag.name.endswith(LEFT_MARK):
            shown.append(left_label(tag.name.removesuffix(LEFT_MARK)))
        elif tag.level and tag.name.endswith(REPLACED_MARK):
            shown.append(left_label(tag.name.removesuffix(REPLACED_MARK), replaced=True))
        elif tag.level:
            shown.append(f"{COMPUTER} {tag.name} ({level_word(tag.level)})")
        else:
            shown.append(tag.name)
    return shown


def step_title(game: FinishedGame, step: Step) -> str:
    """``🔎 Euchre #12 · hand 2 of 7 · trick 3 of 5``."""
    record = game.record
    tricks = len(record.hands[step.hand - 1].tricks)
    moment = "deal and auction" if step.trick == 0 else f"trick {step.trick} of {tricks}"
    name = VARIANTS[record.variant].name
    return f"🔎 {name} #{game.table_id} · hand {step.hand} of {len(record.hands)} · {moment}"


def review_embed(
    game: FinishedGame,
    step: Step,
    tags: Sequence[SeatTag],
    opinion: str = "",
    departures: Mapping[int, Sequence[str]] | None = None,
) -> discord.Embed:
    """The step's text (at a hand's deal, who left during it: ``departures`` by hand), and
    below it what the computer thinks (when ``opinion``)."""
    hand = game.record.hands[step.hand - 1]
    text = step_text(step_view(game.record, hand.number, step.trick), text_names(tags))
    left = (departures or {}).get(hand.number, []) if step.trick == 0 else []
    if left:
        text = "\n".join([*left, text])
    if opinion:
        text += f"\n\n**🤖 The computer's opinion**\n{opinion}"
    embed = discord.Embed(title=step_title(game, step), colour=REVIEW_COLOUR)
    embed.description = text[:4096]
    return embed


def review_controls(game: FinishedGame, step: Step) -> StaticView:
    """First / previous and next hand / previous and next trick / last, Share, Download;
    a button that would lead nowhere is greyed out."""
    view = StaticView()
    for label, op, row in BUTTONS:
        view.add_button(
            label=label, custom_id=review_button(game.table_id, step.hand, step.trick, op),
            disabled=target(game.record, step, op) == step, row=row,
        )
    share = review_button(game.table_id, step.hand, step.trick, "share")
    view.add_button(label="Share", custom_id=share, style=discord.ButtonStyle.primary, row=1)
    download = review_button(game.table_id, step.hand, step.trick, "file")
    view.add_button(label="Download", custom_id=download, row=1)
    return view


async def review_picture(
    drawer: PictureDrawer, game: FinishedGame, step: Step, tags: Sequence[SeatTag],
    embed: discord.Embed, *, four_colour: bool,
) -> list[discord.File]:
    """The step's picture (drawn in the drawing worker), with ``embed`` pointed at it."""
    hand = game.record.hands[step.hand - 1]
    view = step_view(game.record, hand.number, step.trick)
    png = await drawer.record(view, tags, four_colour)
    show_picture(embed, REVIEW_FILE)
    alt = "Every seat's cards and the trick, as the message lists them"
    return [picture_file(png, REVIEW_FILE, alt)]


def record_files(
    game: FinishedGame,
    tags: Sequence[SeatTag],
    departures: Mapping[int, Sequence[str]] | None = None,
) -> list[discord.File]:
    """The game's record to download: a readable hand record (saying who left, by hand in
    ``departures``) and the JSON that replays it."""
    names = text_names(tags)
    text = record_text(game.record, names, departures).encode()
    data = json.dumps(record_json(game.record, names), indent=1).encode()
    stem = f"bower-game-{game.table_id}"
    return [
        discord.File(io.BytesIO(text), filename=f"{stem}.txt", description="Hand record"),
        discord.File(io.BytesIO(data), filename=f"{stem}.json", description="Game to replay"),
    ]
