"""Claims of a ``/stats`` card's alt text (``alice's Euchre card: #1 of 2. skill 5.5,
below the easy computer · still settling after 1 game. 1 game · 1 won (100%) · 3 hands.
Skill after each …. Calls 1 (0 made). With bob 1 game · 1 won (100%).``): each figure,
judged as the same figure of the ``/stats`` text is (:mod:`.stats`, :mod:`.records`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from tests.truth.claims.answers.board_alt import named
from tests.truth.claims.answers.records import partners_findings, records_findings
from tests.truth.claims.answers.stats import (
    CHART,
    GAME_TOTALS,
    NAMES,
    SKILL,
    Finding,
    chart_findings,
    game_findings,
    place_findings,
    skill_findings,
)
from tests.truth.stored.ratings import Ledger
from tests.truth.stored.timeline import Snapshot

CARD = re.compile(r"^(?P<name>.+)'s (?P<game>.+?) card: (?P<body>.*)\.$", re.S)
SKILL_WORDS = re.compile(r"^skill (?P<skill>-?\d+\.\d), (?P<words>.+)$")
LEVELS = re.compile(r" \(computer levels: [^)]*\)$")
PARTNER = re.compile(r"^With (?P<name>.+?) (?P<rest>\d+ games? · \d+ won \(\d+%\))$")
KIND = "stats_card"


def is_card_alt(alt: str) -> bool:
    """Whether an alt text is a ``/stats`` card's."""
    match = CARD.match(alt)
    return match is not None and match.group("game") in NAMES


def card_alt_findings(alt: str, ledger: Ledger, finals: Mapping[int, Snapshot], at: float,
                      user_names: Mapping[int, str]) -> tuple[list[Finding], list[str]]:
    """(kind, said, truth or None) for each figure of a card's alt text shown at ``at``,
    and the parts of it no checker reads; nothing once seasons have begun."""
    match = CARD.match(alt)
    if match is None or match.group("game") not in NAMES or ledger.seasons:
        return [], []
    member = named(match.group("name"), user_names)
    if member is None:
        return [(f"{KIND}_member", alt[:alt.index(":")], "no member is called that")], []
    variant = NAMES[match.group("game")]
    standing = ledger.standing(member, variant, at)
    found: list[Finding] = []
    unread: list[str] = []
    partners: list[str] = []
    for part in match.group("body").split(". "):
        skill, games = SKILL_WORDS.match(part), GAME_TOTALS.match(part)
        chart = CHART.match(LEVELS.sub("", part))
        partner = PARTNER.match(part)
        more: list[Finding] | None = None
        if part.startswith("#"):
            more = place_findings(part, part, member, variant, ledger, at) or None
        elif skill:
            said = SKILL.match(f"Skill **{skill.group('skill')}** ({skill.group('words')})")
            more = skill_findings(part, said, standing) if said else None
        elif games:
            more = game_findings(part, games, standing, ledger.hands(member, variant, at))
        elif chart:
            more = chart_findings(part, chart, ledger, member, variant, at)
        elif partner and named(partner.group("name"), user_names) is not None:
            partners.append(f"<@{named(partner.group('name'), user_names)}>"
                            f" {partner.group('rest')}")
            continue
        else:
            more = records_findings(part, member, variant, ledger, finals, at)
        if more is None:
            unread.append(part)
        else:
            found += [(kind.replace("stats_", f"{KIND}_", 1), part, wrong)
                      for kind, _, wrong in more]
    if partners:
        line = "Partners: " + " — ".join(partners)
        found += [(kind.replace("stats_", f"{KIND}_", 1), said, wrong) for kind, said, wrong
                  in partners_findings(line, member, variant, ledger, at) or []]
    return found, unread
