/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Card pictures for Auf Achse: the faces of resources/aufachse/aa-cards.svg rendered by id,
 * cached per face and size. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The back of a card, for aa_card_art_texture(). */
#define AA_CARD_ART_BACK G_MININT

/* A texture of face (see aa-card.h) or AA_CARD_ART_BACK, width × width·1.4 pixels. The
 * cache owns it; take a reference to keep it past the next call (the cache forgets the
 * least recently used sizes beyond a few megabytes). */
GdkTexture *aa_card_art_texture(int face, int width);
/* A widget showing that card, asking for width pixels (height follows); it draws the card as
 * large as its allocation allows, so a parent may give it more or less. */
GtkWidget *aa_card_art_picture(int face, int width);
/* Shows another card in a widget from aa_card_art_picture(), at the same size. */
void aa_card_art_picture_set_face(GtkWidget *picture, int face);
/* Asks for another width. */
void aa_card_art_picture_set_width(GtkWidget *picture, int width);
/* What a card is called, for labels and screen readers: "80 km", "Rest", "Obstacle (−1)". */
char *aa_card_art_name(int face);

G_END_DECLS
