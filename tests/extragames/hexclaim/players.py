"""Hex Claim's computer players: the generic search with the contract's knowledge."""

from archipelago.search import ComputerPlayers, Knowledge

COMPUTER_PLAYERS = ComputerPlayers(knowledge=Knowledge)
