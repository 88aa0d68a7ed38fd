"""Game-agnostic core: hex grid, boards, line of sight, chance, flow, records, views."""
