"""Claims of a ``/review`` step: its title and the member's decision (``steps``), the cards
each seat held (``holdings``), the calls (``calls``), the piles (``piles``), how the hand
and game ended (``results``), the computer's opinion of the member's decisions
(``opinion``) and who left during the hand (``departures``)."""
