"""The shared mechanisms: each module declares the words of the scenario language it carries out (its ``MECHANISM``)
and implements them. A game lists the ones its rules use in its data (``mechanisms:``), with its own beside them."""
