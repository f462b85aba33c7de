"""Checking what was shown: each recorded message version, read into claims, judged
against its table's game replayed from the stored action log."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from tests.truth.claims.answers import answer_findings, read_kept
from tests.truth.claims.answers.closed import closed_findings
from tests.truth.claims.answers.removed import menu_findings, removal_findings
from tests.truth.claims.base import Context
from tests.truth.claims.controls import control_claims
from tests.truth.claims.events.answers import event_findings
from tests.truth.claims.events.placings import placing_findings
from tests.truth.claims.events.queue import not_stored
from tests.truth.claims.events.records import Records
from tests.truth.claims.events.rounds import announcement_findings
from tests.truth.claims.events.standings import Tournament, about_tournament, tournament_findings
from tests.truth.claims.events.tables import greeted_table
from tests.truth.claims.history import history_findings
from tests.truth.claims.lobby import is_lobby
from tests.truth.claims.member import member_claims, queue_claims
from tests.truth.claims.pictures import alt_findings
from tests.truth.claims.review.asked import opinions_arrived
from tests.truth.judging.lobby import LobbyStream
from tests.truth.judging.matching import Stream
from tests.truth.judging.report import Falsehood, Report
from tests.truth.playing.recorder import Shown
from tests.truth.reading.names import SeatNames, seat_names
from tests.truth.reading.reader import read
from tests.truth.reading.seating import Seating, seatings
from tests.truth.stored.events import read_queue, read_tournaments_in_full
from tests.truth.stored.store import StoredTable, read_rounds, read_tables
from tests.truth.stored.timeline import Snapshot, replay

TABLE_TITLE = re.compile(r"table #(\d+)$")
HAND_TITLE = re.compile(r"table #(\d+) · your hand$")
REVIEW_TITLE = re.compile(r"^🔎 .+ #(\d+) · hand ")
#: Seconds after a table's last move that commentary may still be about it.
COMMENTARY_LAG = 30.0


@dataclass
class TableTruth:
    """One table's stored record, its replayed states and its message streams."""

    table: StoredTable
    names: SeatNames
    snapshots: list[Snapshot]
    seatings: list[Seating] = field(default_factory=list)
    streams: dict[object, Stream] = field(default_factory=dict)
    lobbies: dict[object, LobbyStream] = field(default_factory=dict)

    def stream(self, key: object) -> Stream:
        """The stream of one message (or of the table's commentary)."""
        if key not in self.streams:
            stored_at = [a.stored_at for a in self.table.actions]
            self.streams[key] = Stream(self.snapshots, stored_at)
        return self.streams[key]

    def lobby_context(self, version: Shown, ctx: Context, key: object) -> Context:
        """``ctx`` with the seats as held when a lobby version of the message was shown."""
        if key not in self.lobbies:
            self.lobbies[key] = LobbyStream(self.seatings)
        shown = self.lobbies[key].seating(version.text, ctx, version.at, self.snapshots[0])
        return replace(ctx, seating=shown)


def audit(shown: list[Shown], database: Path, user_names: Mapping[int, str],
          report: Report, scale: float | None = None) -> None:
    """Judge every recorded version; add the findings to ``report`` (``scale``: the bot's
    timer scale, None when not known)."""
    tables = {t.id: TableTruth(t, seat_names(t, user_names), replay(t), seatings(t, user_names))
              for t in read_tables(database)}
    rounds = read_rounds(database)
    finals = {number: truth.snapshots[-1] for number, truth in tables.items()}
    kept = read_kept(database, finals)
    ids = {name: user for user, name in user_names.items()}
    finished = frozenset(n for n, t in tables.items() if t.table.status == "finished")
    stored = read_tournaments_in_full(database)
    tournaments = {t.name: Tournament([r for r in rounds if r.tournament_id == t.id], finals, ids,
                                      finished=finished, byes=t.byes)
                   for t in stored}
    records = Records(stored,
                      {n: t.table for n, t in tables.items()}, read_queue(database), user_names,
                      finals, scale)
    report.messages += len({s.message_id for s in shown})
    last = {s.message_id: s.version for s in shown}  # the version left on screen
    versions: dict[int, list[Shown]] = {}
    for version in shown:
        versions.setdefault(version.message_id, []).append(version)
    report.versions += len(shown)
    variants = {number: truth.table.variant for number, truth in tables.items()}
    for version in shown:
        if version.deleted:
            continue
        found_in_alts, unread_alts = alt_findings(version, kept, user_names, tournaments,
                                                  variants)
        judged(report, version, found_in_alts)
        for label, alt in unread_alts:
            report.not_checked(label, alt)
        if about_tournament(version.text, version.title):
            found, unread = tournament_findings(version.text, version.title, tournaments, rounds)
            more, unread = announcement_findings(version.title, unread, version.controls,
                                                 version.at, records)
            judged(report, version, found + more)
            for line in unread:
                report.not_checked(f"tournament: {re.sub(r'[0-9]+', '#', line)[:40]}", line)
            continue
        truth, seat, key, narrated = attribute(version, tables)
        if truth is None:
            found = member_claims(version.text, version.private_for,
                                  [t.table for t in tables.values()], version.at)
            found += history_findings(version.text, version.private_for, tables, user_names)
            found += placing_findings(version.text, version.private_for, records, version.at)
            found += answer_findings(version.text, version.private_for, kept, version.at)
            found += removal_findings(version.text, version.private_for, kept.tables,
                                      user_names, version.at)
            found += menu_findings(version.text, version.private_for, version.controls,
                                   kept.tables, version.at)
            found += closed_findings(version, versions[version.message_id], kept.tables)
            found += queue_claims(version.title, version.private_for,
                                  [t.table for t in tables.values()], version.at,
                                  last[version.message_id] == version.version)
            found += event_findings(version, records)
            judged(report, version, found)
            if not found:
                report.not_checked(unattributed(version), version.text[:150])
            for line in unread_lines(version, found):
                report.not_checked(not_stored(line) or (
                    f"{unattributed(version)} · {label_of(line)}"), line)
            continue
        ctx = Context(truth.table, truth.names, seat, version.private_for, version.controls)
        if is_lobby(version.text):
            ctx = truth.lobby_context(version, ctx, key)
        reading = read(version.text, ctx, narrated=narrated)
        reading.claims += control_claims(version.controls, ctx)
        for label, line in reading.unchecked:
            report.not_checked(label, line)
        for verdict in truth.stream(key).judge(reading.claims, version.at):
            report.checked[verdict.claim.kind] += 1
            if verdict.truth is not None:
                report.false.append(Falsehood(
                    truth.table.id, verdict.claim.kind, first_line(version), verdict.claim.said,
                    f"{verdict.truth} (after {verdict.k} stored actions)",
                    round_table=truth.table.hand_limit is not None))
    for version, found in opinions_arrived(shown):
        judged(report, version, found)


def judged(report: Report, version: Shown, found: list[tuple[str, str, str | None]]) -> None:
    """Count statements judged outside any one table's game; note the false ones."""
    for kind, said, wrong in found:
        report.checked[kind] += 1
        if wrong is not None:
            report.false.append(Falsehood(0, kind, first_line(version), said, wrong))


def attribute(version: Shown, tables: Mapping[int, TableTruth]
              ) -> tuple[TableTruth | None, int | None, object, bool]:
    """The table a version speaks of, the seat it belongs to (a private hand), the stream
    it continues, and whether it is commentary."""
    hand = HAND_TITLE.search(version.title) or REVIEW_TITLE.search(version.title)
    if hand and int(hand.group(1)) in tables:
        truth = tables[int(hand.group(1))]
        member = version.private_for
        seats = [s.seat for s in truth.table.seats if s.user_id == member]
        seats += [seat for seat, user in truth.table.departed.items() if user == member]
        return truth, (seats[0] if seats else None), version.message_id, False
    own = TABLE_TITLE.search(version.title)
    if version.private_for is not None:
        if own is None or int(own.group(1)) not in tables:
            return None, None, None, False
        # The table as everyone sees it, shown privately (``/table status``).
        return tables[int(own.group(1))], None, version.message_id, False
    if own and int(own.group(1)) in tables:
        return tables[int(own.group(1))], None, version.message_id, False
    for truth in tables.values():
        if truth.table.message_id == version.message_id:
            return truth, None, version.message_id, False
    greeted = greeted_table(version.text, version.channel_id, version.at, tables)
    if greeted is not None and not version.title:
        return greeted, None, ("commentary", greeted.table.id), True
    playing = narrating(version, tables)
    if len(playing) != 1 or version.title:
        # No game, or two in play in one channel: whose commentary it is cannot be told.
        return None, None, None, False
    truth = playing[0]
    return truth, None, ("commentary", truth.table.id), True


def narrating(version: Shown, tables: Mapping[int, TableTruth]) -> list[TableTruth]:
    """The tables whose commentary a public message in their channel may be: in play then
    (or just over). Of games played one after another, once the newer one has moved, the
    older one (whose moves all came before) has nothing left to tell."""
    playing = [t for t in tables.values() if t.table.home == version.channel_id
               and t.table.created_at <= version.at and t.table.actions
               and version.at <= t.table.actions[-1].stored_at + COMMENTARY_LAG]
    moved = [t for t in playing if t.table.actions[0].stored_at <= version.at]
    if len(playing) < 2 or not moved:
        return playing
    newest = max(moved, key=lambda t: t.table.actions[0].stored_at)
    began = newest.table.actions[0].stored_at
    if all(t is newest or t.table.actions[-1].stored_at < began for t in playing):
        return [newest]
    return playing


def unattributed(version: Shown) -> str:
    """The label of a message no table's truth covers (stats, history, reviews, queues…)."""
    kind = version.title or version.text.split("\n", 1)[0]
    kind = re.sub(r"\d+", "#", re.sub(r"<@\d+>", "@", kind))[:50]
    return f"{'private' if version.private_for else 'public'} message: {kind}"


def unread_lines(version: Shown, found: list[tuple[str, str, str | None]]) -> list[str]:
    """The lines of a message some statement of which was checked that no checked
    statement came from (a stats message's records, say): seen, not checked."""
    if not found:
        return []
    said = [statement for _, statement, _ in found if statement]
    lines = [line.strip() for line in version.text.splitlines()]
    return [line for line in lines[1:] if line and line != version.title
            and not any(s in line or line in s for s in said)]


def label_of(line: str) -> str:
    """A line's kind in the report: its start, numbers and mentions generalised."""
    return re.sub(r"\d+", "#", re.sub(r"<@\d+>", "@", line))[:40]


def first_line(version: Shown) -> str:
    """How a report names a message: its title or first line."""
    return (version.title or version.text.split("\n", 1)[0])[:90]
