"""What ``/privacy show`` and ``/privacy delete`` say: what Bower keeps about a member in a
server, what erasing it does and does not do, the confirmation's buttons and the answers.

Pure (no I/O): a :class:`StoredData` in, words out. The buttons' custom ids start with
``bower-privacy:``, not ``bower:`` (the table cog answers every ``bower:`` id itself); they
name the member whose data it is and the answer, never who may give it: that is checked
against the member who clicks.
"""

from __future__ import annotations

import re

import discord

from bot.engine import VARIANTS
from bot.store.moderation.privacy import StoredData
from bot.ui.custom_ids import fits
from bot.ui.names import FORMER_MEMBER, mention
from bot.ui.numbers import NUMBER
from bot.ui.stats.skill import count_of
from bot.ui.views import StaticView

PRIVACY_PREFIX = "bower-privacy"
PRIVACY_OPS = ("erase", "keep")
#: Matches a confirmation button's custom id (the ``DynamicItem`` template of the cog).
PRIVACY_PATTERN = rf"{PRIVACY_PREFIX}:(?P<member>{NUMBER}):(?P<op>{'|'.join(PRIVACY_OPS)})"
PRIVACY_COLOUR = 0x5865F2
ERASE_MINE, ERASE_THEIRS, KEEP = "Erase my data", "Erase their data", "Keep it"

NOT_IN_SERVER = "Bower keeps data per server: use /privacy in the server it is about."
NEVER_KEPT = (
    "Your messages, your name or picture, or anything from other servers: Bower knows you "
    "here by your Discord user id only, and shows names as Discord gives them."
)
WHO_SEES = (
    "Members of this server see ratings, games and reviews through /leaderboard, /stats, "
    "/history and /review; moderators see the moderation log."
)
HOW_LONG = (
    "Until it is erased. Backups of the database kept by whoever runs this bot hold a copy "
    "until they are replaced by newer ones."
)
HOW_TO_ERASE = (
    "`/privacy delete` erases your ratings and stats in this server. Your seat in past "
    f"games stays, shown as “{FORMER_MEMBER}”, so the other players' results still add up."
)
OTHERS_ONLY_MODERATORS = (
    "Only moderators (people with Manage Server) can erase another member's data. "
    "`/privacy delete` without a member erases your own."
)
NOT_YOURS = (
    "Only the member whose data it is (or a moderator) can answer this: nothing was changed."
)
NOT_IN_USE = (
    "That confirmation is no longer in use: nothing was changed. "
    "Use `/privacy delete` to be asked again."
)
NOT_READY = "Erasing isn't available right now: nothing was changed. Please try again shortly."


def privacy_button_id(member_id: int, op: str) -> str:
    """Custom id of a confirmation button: erase ``member_id``'s data, or keep it."""
    assert op in PRIVACY_OPS, op
    return f"{PRIVACY_PREFIX}:{member_id}:{op}"


def parse_privacy_id(custom_id: str) -> tuple[int, str] | None:
    """``(member, op)`` of a confirmation button's custom id, or None."""
    match = re.fullmatch(PRIVACY_PATTERN, custom_id)
    if match is None or not fits(match, "member"):
        return None
    return int(match["member"]), match["op"]


def erasable(stored: StoredData) -> bool:
    """Whether erasing would change anything (the actions a moderator took always stay)."""
    return bool(
        stored.rating_rows
        or stored.games_played
        or stored.games_left
        or stored.moves
        or stored.tables_hosted
        or stored.closed_unfinished
        or stored.actions_about
        or stored.tournaments
        or stored.queued
        or stored.lobbies_left
    )


def and_list(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def tables_text(table_ids: tuple[int, ...]) -> str:
    """``table #5``, ``tables #5 and #9``."""
    numbers = and_list([f"#{t}" for t in table_ids])
    return f"table {numbers}" if len(table_ids) == 1 else f"tables {numbers}"


def ratings_text(stored: StoredData) -> str:
    """``Euchre (5 games) and Over the Rhine (1 game)``; ``this server's games`` if none
    is on an all-time board."""
    games = [
        f"{VARIANTS[v].name if v in VARIANTS else v} ({count_of(n, 'game')})"
        for v, n in stored.ratings.items()
    ]
    return and_list(games) if games else "this server's games"


def kept_lines(stored: StoredData) -> list[str]:
    """What Bower keeps about the member, one bullet each."""
    lines = []
    if stored.rating_rows:
        lines.append(f"**Ratings** in {ratings_text(stored)}: your skill, games and wins")
    if stored.games_played:
        lines.append(
            f"**{count_of(stored.games_played, 'finished game')}** you played: your seat, "
            "the scores, and records such as loners and times euchred"
        )
    if stored.games_left:
        lines.append(f"**{count_of(stored.games_left, 'game')}** you left before the end")
    if stored.moves:
        lines.append(
            f"**{count_of(stored.moves, 'move')}** you made, so games can be replayed and reviewed"
        )
    if stored.tables_hosted:
        lines.append(f"**{count_of(stored.tables_hosted, 'table')}** you opened")
    if stored.closed_unfinished:
        lines.append(
            f"**Your seat** at {count_of(stored.closed_unfinished, 'table')} closed before "
            "a game's end (cancelled or ended by a moderator)"
        )
    if stored.open_tables:
        lines.append(f"**Your seat** at {tables_text(stored.open_tables)}, open now")
    if stored.lobbies_left:
        lines.append(
            f"**When you took and gave up a seat** at {count_of(stored.lobbies_left, 'table')} "
            "you left before the game started"
        )
    if stored.tournaments:
        lines.append(
            f"**{count_of(stored.tournaments, 'tournament')}** you registered for: your "
            "seats, scores and place"
        )
    if stored.queued:
        lines.append("**Your wait** in the `/play` queue")
    if stored.actions_taken:
        lines.append(
            f"**{count_of(stored.actions_taken, 'moderator action')}** you took, "
            "in the moderation log"
        )
    if stored.actions_about:
        lines.append(
            f"**{count_of(stored.actions_about, 'moderator action')}** about you "
            "(such as your seat given to a computer), in the moderation log"
        )
    return [f"• {line}" for line in lines]


def privacy_embed(stored: StoredData, server: str) -> discord.Embed:
    """The ``/privacy show`` answer: what is kept, who sees it, for how long, how to erase."""
    embed = discord.Embed(title=f"🔒 What Bower keeps about you in {server}"[:256])
    embed.colour = discord.Colour(PRIVACY_COLOUR)
    if stored.empty:
        embed.description = (
            "**Nothing:** no games, ratings or moderator actions of yours are kept here. Once "
            "you play, Bower keeps your games and ratings; `/privacy show` lists them and "
            "`/privacy delete` erases them."
        )
        embed.add_field(name="Never kept", value=NEVER_KEPT, inline=False)
        return embed
    embed.description = "\n".join(["In this server Bower keeps:", *kept_lines(stored)])[:4096]
    embed.add_field(name="Who sees it", value=WHO_SEES, inline=False)
    embed.add_field(name="Never kept", value=NEVER_KEPT, inline=False)
    embed.add_field(name="How long", value=HOW_LONG, inline=False)
    embed.add_field(name="Erasing it", value=HOW_TO_ERASE, inline=False)
    return embed


def _replaced_text(stored: StoredData, own: bool) -> str | None:
    """``12 past games, 134 moves and 3 tables you opened`` (None: nothing of the kind)."""
    you, them = ("you", "you") if own else ("they", "them")
    parts = []
    if stored.games_played:
        parts.append(count_of(stored.games_played, "past game"))
    if stored.games_left:
        parts.append(f"{count_of(stored.games_left, 'game')} {you} left")
    if stored.moves:
        parts.append(count_of(stored.moves, "move"))
    if stored.tables_hosted:
        parts.append(f"{count_of(stored.tables_hosted, 'table')} {you} opened")
    if stored.closed_unfinished:
        parts.append(f"{count_of(stored.closed_unfinished, 'table')} closed before the end")
    if stored.lobbies_left:
        parts.append(f"{count_of(stored.lobbies_left, 'table')} {you} left before the start")
    if stored.actions_about:
        parts.append(f"{count_of(stored.actions_about, 'moderator action')} about {them}")
    if stored.tournaments:
        parts.append(count_of(stored.tournaments, "tournament"))
    return and_list(parts) if parts else None


def deletion_question(stored: StoredData, member_id: int, *, own: bool) -> str:
    """What erasing will do, asked before it is confirmed (by the member, or a moderator
    for them)."""
    your, you = ("your", "you") if own else ("their", "them")
    whose = "your" if own else f"{mention(member_id)}'s"
    lines = [f"**Erase {whose} Bower data in this server?**", "**This erases:**"]
    if stored.rating_rows:
        lines.append(f"• {your} ratings and stats in {ratings_text(stored)}")
    replaced = _replaced_text(stored, own)
    if replaced:
        lines.append(f"• {you}, in {replaced}: they'll show “{FORMER_MEMBER}” instead")
    lines.append("**This stays:**")
    lines.append(
        "• the games themselves with their scores, so the other players' results still add up"
    )
    if stored.actions_taken:
        taken = count_of(stored.actions_taken, "moderator action")
        lines.append(f"• the {taken} {'you' if own else 'they'} took, in the moderation log")
    if not own:
        lines.append("The moderation log will record that you erased a member's data.")
    again = "if you play here again, you" if own else "if they play here again, they"
    lines.append(
        f"It can't be undone: {again} start afresh, with a new rating. Backups of the "
        "database kept by whoever runs this bot hold a copy until they are replaced."
    )
    return "\n".join(lines)[:2000]


def confirm_view(member_id: int, *, own: bool) -> StaticView:
    """The two answers: erase (red) or keep."""
    view = StaticView()
    view.add_button(
        label=ERASE_MINE if own else ERASE_THEIRS,
        custom_id=privacy_button_id(member_id, "erase"),
        style=discord.ButtonStyle.danger,
    )
    view.add_button(label=KEEP, custom_id=privacy_button_id(member_id, "keep"))
    return view


def seated_refusal(open_tables: tuple[int, ...], member_id: int, *, own: bool) -> str:
    """Why nothing can be erased while the member has a seat at an open table."""
    who = "You're" if own else f"{mention(member_id)} is"
    it = "it" if len(open_tables) == 1 else "them"
    return (
        f"{who} seated at {tables_text(open_tables)}: leave {it} (or let {it} finish) first, "
        "then erase. Nothing was erased."
    )


def nothing_to_erase(stored: StoredData, member_id: int, *, own: bool) -> str:
    """The answer when erasing would change nothing (already erased, or never played)."""
    who = "you" if own else mention(member_id)
    text = f"Bower keeps nothing about {who} in this server that could be erased."
    if stored.actions_taken:
        text += " The moderator actions taken stay in the moderation log."
    return text


def erased_answer(member_id: int, *, own: bool) -> str:
    """The answer once the data is erased."""
    if own:
        return (
            "Done: your ratings and stats in this server are erased, and your past games show "
            f"“{FORMER_MEMBER}” where you sat. If you play here again, you start afresh."
        )
    return (
        f"Done: {mention(member_id)}'s ratings and stats in this server are erased, and their "
        f"past games show “{FORMER_MEMBER}”. The moderation log records it."
    )


def kept_answer(*, own: bool) -> str:
    """The answer to Keep it: nothing changed."""
    if own:
        return "Nothing was erased. `/privacy show` lists what Bower keeps about you here."
    return "Nothing was erased."
