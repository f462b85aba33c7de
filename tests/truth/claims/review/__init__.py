"""Claims of a ``/review`` step: its title and the member's decision (``steps``), the cards
each seat held (``holdings``), the calls (``calls``), the piles (``piles``) and how the
hand and game ended (``results``)."""
