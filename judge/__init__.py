"""judge: a ruling assistant for trading-card-game judges."""

__version__ = "0.1.0"
