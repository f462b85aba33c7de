"""The audit's findings: games played, statements checked by kind, false statements (the
message, the claim, the truth), and the kinds of statement seen but not checked."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Falsehood:
    """A false statement: where, what was said, and what is true."""

    table_id: int
    kind: str
    message: str
    said: str
    truth: str
    round_table: bool = False  # said at a tournament round's table


@dataclass
class Report:
    """Everything one audit found."""

    games: Counter[tuple[str, int]] = field(default_factory=Counter)
    scenarios: Counter[str] = field(default_factory=Counter)
    checked: Counter[str] = field(default_factory=Counter)
    false: list[Falsehood] = field(default_factory=list)
    unchecked: Counter[str] = field(default_factory=Counter)
    unchecked_examples: dict[str, str] = field(default_factory=dict)
    messages: int = 0
    versions: int = 0
    #: Requests held to Discord's API description, those that did not conform, and the
    #: bot's error and traceback lines over the whole run.
    requests: int = 0
    nonconforming: list[str] = field(default_factory=list)
    bot_errors: list[str] = field(default_factory=list)
    played: bool = True  # False: a kept recording checked again (no requests, no bot)

    def not_checked(self, label: str, line: str) -> None:
        """Note a line of a kind no checker reads (its first instance kept as an example)."""
        self.unchecked[label] += 1
        self.unchecked_examples.setdefault(label, line)

    def false_kinds(self) -> Counter[str]:
        """False statements by kind."""
        return Counter(f.kind for f in self.false)

    def text(self, examples: int = 3) -> str:
        """The report as printed: figures first, then each false statement's kind with up
        to ``examples`` instances in full."""
        lines = [f"Games played: {sum(self.games.values())}"]
        lines += [f"  {variant} ({players} players): {n}"
                  for (variant, players), n in sorted(self.games.items())]
        lines += ["Scenarios: " + ", ".join(f"{k} {n}" for k, n in sorted(self.scenarios.items()))]
        lines.append(f"Messages: {self.messages} ({self.versions} versions shown)")
        if self.played:
            lines.append(f"Requests checked against Discord's API description: "
                         f"{self.requests}, not conforming: {len(self.nonconforming)}")
            lines += [f"  {line}" for line in self.nonconforming[:examples]]
            lines.append(f"Bot errors and tracebacks: {len(self.bot_errors)}")
            lines += [f"  {line}" for line in self.bot_errors[:examples]]
        else:
            lines.append("Requests and bot errors: not seen (a kept recording checked again,"
                         " no game played)")
        lines.append(f"Statements checked: {sum(self.checked.values())}")
        false = self.false_kinds()
        lines += [f"  {kind}: {n} checked, {false[kind]} false"
                  for kind, n in sorted(self.checked.items())]
        lines.append(f"False statements: {len(self.false)}")
        for kind, n in sorted(false.items()):
            lines.append(f"  {kind}: {n}")
            for found in [f for f in self.false if f.kind == kind][:examples]:
                lines += [f"    table #{found.table_id}, in: {found.message}",
                          f"      said:  {found.said}", f"      truth: {found.truth}"]
        lines.append("Seen but not checked yet (not counted as checked):")
        for label, n in self.unchecked.most_common():
            lines.append(f"  {label}: {n}")
            if examples:
                lines.append(f"      e.g. {self.unchecked_examples[label][:150]}")
        return "\n".join(lines)
