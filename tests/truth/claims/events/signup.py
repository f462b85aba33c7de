"""Claims of a tournament's sign-up: its public post (game, format, rounds, short
tables, clock, start, host, who registered, its state), and the private answers to
``/tournament create``, Register and Start."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from tests.truth.claims.events.ending import ending_finding
from tests.truth.claims.events.records import Finding, Records, said_is
from tests.truth.claims.events.seating import unescaped
from tests.truth.reading.games import differences, tournament_game
from tests.truth.stored.events import StoredTournament

OPEN_ANSWER = re.compile(r"^\*\*(?P<name>.+?)\*\* \(#(?P<id>\d+)\) is open for sign-up: "
                         r"https://discord\.com/channels/(?P<guild>\d+)/(?P<channel>\d+)/"
                         r"(?P<message>\d+)\. ")
REGISTERED = re.compile(r"^You're in: (?P<count>\d+) registered\.$")
STARTED = re.compile(r"^(?P<name>.+) has started with (?P<count>\d+) players: round 1 is on\.$")
LABELLED = re.compile(r"^\*\*(?P<label>[A-Za-z ]+):\*\* (?P<value>.+)$")
SIGNED = re.compile(r"^Registered \((?P<count>\d+)\)$")
FOOTER = re.compile(r"^Tournament (?P<id>\d+) · (?P<state>.+)$")
#: The footer's state: words it begins with → the stage it names.
STATES = {"Register to play": "signup", "Started: sign-up is closed": "running",
          "Over:": "over", "Ended before it started": "ended"}


def signup_post(text: str, title: str, at: float, records: Records) -> list[Finding]:
    """Each line of the public sign-up post ``🏆 Night`` checked against the tournament."""
    tournament = records.named(title.removeprefix("🏆 ")) if title.startswith("🏆 ") else None
    if tournament is None:
        return []
    found: list[Finding] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for number, line in enumerate(lines):
        labelled = LABELLED.match(line)
        if labelled and labelled.group("label") in LABELS:
            kind, check = LABELS[labelled.group("label")]
            found.append(said_is(kind, line, check(labelled.group("value"), tournament)))
        elif SIGNED.match(line) and number + 1 < len(lines):
            found.append(registered_names(line, lines[number + 1], tournament, at, records))
        elif FOOTER.match(line):
            found.append(footer(line, tournament, at, records))
    return found


def game_line(value: str, tournament: StoredTournament) -> list[str] | str:
    """``Euchre, 4 players a table (stick_dealer=no)``: the game every table plays (the
    target is not said: a round is a number of hands)."""
    said = tournament_game(value)
    if said is None:
        return "not a game's words"
    options = frozenset(tournament.options) | frozenset(said.options)
    return differences(said, tournament.variant, tournament.players, tournament.options,
                       shown=options - {"target"})


def format_line(value: str, tournament: StoredTournament) -> str | None:
    """``Progressive (…)`` / ``Swiss (…)``: the format's name."""
    named = value.split(" ", 1)[0].lower()
    return None if named == tournament.format else f"the format is {tournament.format}"


def rounds_line(value: str, tournament: StoredTournament) -> str | None:
    """``2 rounds × 8 hands``."""
    match = re.match(r"^(\d+) rounds? × (\d+) hands?$", value)
    said = (int(match.group(1)), int(match.group(2))) if match else None
    true = (tournament.rounds, tournament.hands)
    return None if said == true else f"{true[0]} round(s) of {true[1]} hand(s)"


def fill_line(value: str, tournament: StoredTournament) -> str | None:
    """``computer players take the seats…`` / ``byes: …``: who fills a short table."""
    said = "computers" if value.startswith("computer players") else (
        "bye" if value.startswith("byes") else None)
    return None if said == tournament.fill else f"short tables: {tournament.fill}"


def clock_line(value: str, tournament: StoredTournament) -> str | None:
    """``none: …`` / ``20 minutes a round, …``: the round clock."""
    match = re.match(r"^(\d+) minutes? a round\b", value)
    said = int(match.group(1)) if match else (None if value.startswith("none") else -1)
    return None if said == tournament.round_minutes else (
        f"the round clock is {tournament.round_minutes} minutes")


def start_line(value: str, tournament: StoredTournament) -> str | None:
    """``when the host presses **Start**`` / ``<t:…:t>…``: when it starts."""
    stamp = re.search(r"<t:(\d+):t>", value)
    true = (int(datetime.fromisoformat(tournament.starts_at).timestamp())
            if tournament.starts_at else None)
    said = int(stamp.group(1)) if stamp else (
        None if value.startswith("when the host presses") else -1)
    return None if said == true else f"it starts {true or 'when the host presses Start'}"


def host_line(value: str, tournament: StoredTournament) -> str | None:
    """``<@id>``: the member who created it."""
    said = re.fullmatch(r"<@(\d+)>", value)
    return None if said and int(said.group(1)) == tournament.host_id else (
        f"the host is <@{tournament.host_id}>")


LABELS: dict[str, tuple[str, Callable[[str, StoredTournament], list[str] | str | None]]] = {
    "Game": ("signup_game", game_line), "Format": ("signup_format", format_line),
    "Rounds": ("signup_rounds", rounds_line), "Short tables": ("signup_fill", fill_line),
    "Round clock": ("signup_clock", clock_line), "Start": ("signup_start", start_line),
    "Host": ("signup_host", host_line),
}


def registered_names(heading: str, names: str, tournament: StoredTournament, at: float,
                     records: Records) -> Finding:
    """``Registered (2)`` over ``alice, bob``: the first members to register, all of them
    registered by then."""
    count = int(SIGNED.match(heading).group("count"))  # type: ignore[union-attr]
    listed, _, more = names.partition(" …and ")
    hidden = int(more.removesuffix(" more")) if more else 0
    said = [] if names == "Nobody yet." else [unescaped(n) for n in listed.split(", ")]
    by_then = [records.user_names.get(u, str(u)) for u in tournament.registered_by(at)]
    wrong = None
    if count != len(said) + hidden or said != by_then[:len(said)] or count > len(by_then):
        wrong = f"registered by then: {', '.join(by_then) or 'nobody'}"
    return said_is("signup_registered", f"{heading}: {names}", wrong)


def footer(line: str, tournament: StoredTournament, at: float, records: Records) -> Finding:
    """``Tournament 1 · Register to play; …``: its number and its stage then."""
    match = FOOTER.match(line)
    assert match is not None
    said = next((stage for words, stage in STATES.items()
                 if match.group("state").startswith(words)), None)
    if int(match.group("id")) != tournament.id:
        return said_is("signup_state", line, f"{tournament.name} is tournament {tournament.id}")
    return said_is("signup_state", line, None if said == stage_at(tournament, at, records)
                   else f"it was {stage_at(tournament, at, records)} then")


def stage_at(tournament: StoredTournament, at: float, records: Records) -> str:
    """What stage the tournament was at: ``signup``, ``running``, ``over`` or ``ended``
    (ended before it started)."""
    over = tournament.finished_at is not None and tournament.finished_at <= at
    if not records.started_by(tournament, at):
        return "ended" if over else "signup"
    return "over" if over else "running"


def signup_answers(text: str, member: int | None, at: float, records: Records
                   ) -> list[Finding]:
    """The private answers: open for sign-up, You're in, has started."""
    line = text.strip()
    opened, registered, started = OPEN_ANSWER.match(line), REGISTERED.match(line), (
        STARTED.match(line))
    if opened:
        return [open_answer(opened, at, records)]
    if registered and member is not None:
        return [registered_answer(registered, member, at, records)]
    tournament = records.named(started.group("name")) if started else None
    if started and tournament is not None:
        return [started_answer(started, tournament, at, records)]
    ended = ending_finding(line, records)
    return [ended] if ended else []


def open_answer(match: re.Match[str], at: float, records: Records) -> Finding:
    """``**Night** (#1) is open for sign-up: <link>``: its number, its post, still open."""
    said = match.group(0)
    tournament = records.named(match.group("name"))
    if tournament is None:
        return said_is("signup_open", said, "no tournament has that name")
    wrong = []
    if int(match.group("id")) != tournament.id:
        wrong.append(f"it is tournament {tournament.id}")
    place = tuple(int(match.group(k)) for k in ("guild", "channel", "message"))
    if place != (tournament.guild_id, tournament.channel_id, tournament.message_id):
        wrong.append(f"its post is message {tournament.message_id} in channel "
                     f"{tournament.channel_id}")
    if records.started_by(tournament, at):
        wrong.append("it had started: sign-up was closed")
    return said_is("signup_open", said, wrong)


def registered_answer(match: re.Match[str], member: int, at: float, records: Records
                      ) -> Finding:
    """``You're in: 2 registered.``: how many were registered when the member was."""
    said = match.group(0)
    theirs = [(r.registered_at, t) for t in records.tournaments for r in t.registrations
              if r.user_id == member and r.registered_at <= at]
    if not theirs:
        return said_is("signup_count", said, "they are registered for no tournament")
    when, tournament = max(theirs, key=lambda pair: pair[0])
    low, high = len(tournament.registered_by(when)), len(tournament.registered_by(at))
    count = int(match.group("count"))
    return said_is("signup_count", said, None if low <= count <= high else (
        f"{low} registered with them" + (f" ({high} by the answer)" if high != low else "")))


def started_answer(match: re.Match[str], tournament: StoredTournament, at: float,
                   records: Records) -> Finding:
    """``Night has started with 2 players: round 1 is on.``: its registered players, all
    seated (or given a bye) in round 1, which had opened."""
    said, count = match.group(0), int(match.group("count"))
    if not records.started_by(tournament, at):
        return said_is("tournament_started", said, "round 1 had not opened")
    registered = tournament.registered_by(at)
    seated = {u for t in tournament.round_tables(1) for u in t.seats if u is not None}
    seated |= set(tournament.byes.get(1, []))
    wrong = []
    if count != len(registered):
        wrong.append(f"{len(registered)} registered")
    if count != len(seated):
        wrong.append(f"{len(seated)} play round 1")
    return said_is("tournament_started", said, wrong)
