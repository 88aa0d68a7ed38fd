"""Combat Commander: Europe (GMT Games, 2006): rules module."""
