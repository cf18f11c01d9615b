"""JongRogue (雀ローグ): the map chapter — labyrinth, encounters, floors, the monster house."""
