"""Score-keeping and referee companion for card games played at a real table."""

__version__ = "0.1.0"
