"""From stored rounds to what seating and standings work on, and what a round's table
scored (its sides' points and each player's lone hands made)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.engine import VARIANTS, Game, new_game
from bot.ratings.records import seat_records
from bot.store.tournaments import RoundTable, TournamentRecord

from .models import Layout, PlayedRound, RoundSeating, TableResult

#: The option a tournament's tables do not take: a round ends at its hands, not a target.
TARGET_OPTION = "target"


def layout_of(variant: str, players: int) -> Layout:
    """The seats and sides of every table of ``variant`` with ``players`` seats."""
    game = new_game(variant, players, 0, {})
    sides = tuple(tuple(game.seats_of(side)) for side in range(game.num_sides))
    return Layout(players, sides)


def round_options(variant: str, options: Mapping[str, object]) -> dict[str, object]:
    """A tournament table's options: the house options, and a target no round reaches
    (a round ends at its number of hands)."""
    spec = next((o for o in VARIANTS[variant].options if o.name == TARGET_OPTION), None)
    chosen = {k: v for k, v in options.items() if k != TARGET_OPTION}
    if spec is not None and spec.maximum is not None:
        chosen[TARGET_OPTION] = spec.maximum
    return chosen


def players_needed(record: TournamentRecord) -> int:
    """Registered players the tournament needs to start: two with computers to fill the
    seats, else a full table."""
    return 2 if record.fill == "computers" else record.players


def played_rounds(
    tables: Iterable[RoundTable], byes: Mapping[int, Sequence[int]], upto: int, sides: int
) -> list[PlayedRound]:
    """Rounds 1..``upto`` as played, for seating and standings (a table a moderator's end
    left unopened scores 0 for every one of its ``sides``)."""
    by_round: dict[int, list[RoundTable]] = {}
    for table in tables:
        by_round.setdefault(table.round, []).append(table)
    played = []
    for number in range(1, upto + 1):
        round_tables = sorted(by_round.get(number, []), key=lambda t: t.table_no)
        seating = RoundSeating(
            tuple(t.seats for t in round_tables), tuple(byes.get(number, ()))
        )
        results = tuple(TableResult(t.scores or (0,) * sides, dict(t.loners))
                        for t in round_tables)
        played.append(PlayedRound(seating, results))
    return played


def loners_made(game: Game, seats: Sequence[int | None]) -> dict[int, int]:
    """Player → lone hands made at this table: loners and Jambones the maker did not lose,
    and Cincinnati's moons (played alone), as /stats counts them."""
    made: dict[int, int] = {}
    for user, records in zip(seats, seat_records(game.events, len(seats)), strict=True):
        lone = records.loners_made + records.jambones_made
        lone += records.moons if game.info.key == "cincinnati" else 0
        if user is not None and lone:
            made[user] = made.get(user, 0) + lone
    return made


def event_name(tournament: TournamentRecord, round_number: int, table_no: int) -> str:
    """A round's table as its thread and message name it."""
    return f"{tournament.name} · round {round_number} · table {table_no}"
