/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The places of a game on the real map ("Where were they?", issue 15): each card where it
 * really lies, grouped (a Buxtehude cross, a Minden player), right, wrong or neither. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
    LP_PLACE_NEUTRAL, /* neither: a starting card, a card nobody tipped */
    LP_PLACE_RIGHT,
    LP_PLACE_WRONG,
} LpPlaceState;

typedef struct {
    double lat;
    double lon;
} LpGeoPoint;

typedef struct {
    char *name;   /* the card's name in the user interface language */
    char *facts;  /* what the card tells about it (population, a fact, …), or NULL */
    char *label;  /* whose or which it is ("Anna's tip", "Cross 2"), or NULL */
    double lat;   /* where it is: a point, or the middle of an area */
    double lon;
    /* An area instead of a point (a Minden tip cell): its edges in degrees. */
    gboolean is_area;
    double south, north, west, east;
    GArray *more; /* LpGeoPoint: further points of the same card (a river), or NULL */
    guint group;
    LpPlaceState state;
    int linked;   /* the index of the place that goes with it (a card's tip), or -1 */
} LpPlace;

#define LP_TYPE_PLACE_LIST (lp_place_list_get_type())
GType lp_place_list_get_type(void) G_GNUC_CONST;

typedef struct _LpPlaceList LpPlaceList;

LpPlaceList *lp_place_list_new(void);
LpPlaceList *lp_place_list_ref(LpPlaceList *self);
void lp_place_list_unref(LpPlaceList *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(LpPlaceList, lp_place_list_unref)

/* A group of places (a cross, a player); colour is "#rrggbb" (a player's colour) or NULL for
 * one of the style's colours, by index. Returns the group's index. */
guint lp_place_list_add_group(LpPlaceList *self, const char *name, const char *colour);
guint lp_place_list_get_n_groups(LpPlaceList *self);
const char *lp_place_list_get_group_name(LpPlaceList *self, guint group);
const char *lp_place_list_get_group_colour(LpPlaceList *self, guint group);

/* A new point place; the pointer stays valid while the list lives, for the setters below. */
LpPlace *lp_place_list_add(LpPlaceList *self, const char *name, double lat, double lon,
                           guint group, LpPlaceState state);
/* A new area place (south < north, west < east); lat/lon are its middle. */
LpPlace *lp_place_list_add_area(LpPlaceList *self, const char *name, double south, double north,
                                double west, double east, guint group, LpPlaceState state);
void lp_place_set_facts(LpPlace *place, const char *facts);
void lp_place_set_label(LpPlace *place, const char *label);
void lp_place_add_point(LpPlace *place, double lat, double lon);
/* Places a and b go together (a Minden card and the tip for it): the map lights both. */
void lp_place_list_link(LpPlaceList *self, guint a, guint b);

guint lp_place_list_get_n_places(LpPlaceList *self);
const LpPlace *lp_place_list_get_place(LpPlaceList *self, guint index);
/* Places in state (areas not counted: they are tips, not cards). */
guint lp_place_list_count(LpPlaceList *self, LpPlaceState state);

/* A sentence for what the map cannot show (Auf Achse has no places), or NULL. */
void lp_place_list_set_note(LpPlaceList *self, const char *note);
const char *lp_place_list_get_note(LpPlaceList *self);
/* Lines shown beside or instead of the map (Auf Achse: each player's kilometres). */
void lp_place_list_add_line(LpPlaceList *self, const char *line);
guint lp_place_list_get_n_lines(LpPlaceList *self);
const char *lp_place_list_get_line(LpPlaceList *self, guint index);

/* One line for a place, for accessible text and lists: "Buxtehude, wrong, Cross 2". */
char *lp_place_describe(const LpPlace *place, LpPlaceList *list);

G_END_DECLS
