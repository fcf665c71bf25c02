/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The places of a game on the real map ("Where were they?", issue 15). */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-place.h"

typedef struct {
    char *name;
    char *colour;
} Group;

struct _LpPlaceList {
    gatomicrefcount ref;
    GPtrArray *places; /* LpPlace */
    GArray *groups;    /* Group */
    char *note;
    GPtrArray *lines;  /* char* */
};

G_DEFINE_BOXED_TYPE(LpPlaceList, lp_place_list, lp_place_list_ref, lp_place_list_unref)

static void place_free(gpointer data)
{
    LpPlace *p = data;

    g_free(p->name);
    g_free(p->facts);
    g_free(p->label);
    g_clear_pointer(&p->more, g_array_unref);
    g_free(p);
}

static void group_clear(gpointer data)
{
    Group *g = data;

    g_free(g->name);
    g_free(g->colour);
}

LpPlaceList *lp_place_list_new(void)
{
    LpPlaceList *self = g_new0(LpPlaceList, 1);

    g_atomic_ref_count_init(&self->ref);
    self->places = g_ptr_array_new_with_free_func(place_free);
    self->groups = g_array_new(FALSE, TRUE, sizeof(Group));
    g_array_set_clear_func(self->groups, group_clear);
    self->lines = g_ptr_array_new_with_free_func(g_free);
    return self;
}

LpPlaceList *lp_place_list_ref(LpPlaceList *self)
{
    g_return_val_if_fail(self != NULL, NULL);
    g_atomic_ref_count_inc(&self->ref);
    return self;
}

void lp_place_list_unref(LpPlaceList *self)
{
    g_return_if_fail(self != NULL);
    if (!g_atomic_ref_count_dec(&self->ref))
        return;
    g_ptr_array_unref(self->places);
    g_array_unref(self->groups);
    g_ptr_array_unref(self->lines);
    g_free(self->note);
    g_free(self);
}

guint lp_place_list_add_group(LpPlaceList *self, const char *name, const char *colour)
{
    g_return_val_if_fail(self != NULL && name != NULL, 0);
    Group g = { g_strdup(name), g_strdup(colour) };
    g_array_append_val(self->groups, g);
    return self->groups->len - 1;
}

guint lp_place_list_get_n_groups(LpPlaceList *self)
{
    g_return_val_if_fail(self != NULL, 0);
    return self->groups->len;
}

const char *lp_place_list_get_group_name(LpPlaceList *self, guint group)
{
    g_return_val_if_fail(self != NULL && group < self->groups->len, NULL);
    return g_array_index(self->groups, Group, group).name;
}

const char *lp_place_list_get_group_colour(LpPlaceList *self, guint group)
{
    g_return_val_if_fail(self != NULL && group < self->groups->len, NULL);
    return g_array_index(self->groups, Group, group).colour;
}

LpPlace *lp_place_list_add(LpPlaceList *self, const char *name, double lat, double lon,
                           guint group, LpPlaceState state)
{
    g_return_val_if_fail(self != NULL && name != NULL, NULL);
    g_return_val_if_fail(group < self->groups->len, NULL);

    LpPlace *p = g_new0(LpPlace, 1);
    p->name = g_strdup(name);
    p->lat = p->south = p->north = lat;
    p->lon = p->west = p->east = lon;
    p->group = group;
    p->state = state;
    p->linked = -1;
    g_ptr_array_add(self->places, p);
    return p;
}

LpPlace *lp_place_list_add_area(LpPlaceList *self, const char *name, double south, double north,
                                double west, double east, guint group, LpPlaceState state)
{
    g_return_val_if_fail(south < north && west < east, NULL);

    LpPlace *p = lp_place_list_add(self, name, (south + north) / 2, (west + east) / 2, group,
                                   state);
    if (p != NULL) {
        p->is_area = TRUE;
        p->south = south;
        p->north = north;
        p->west = west;
        p->east = east;
    }
    return p;
}

void lp_place_set_facts(LpPlace *place, const char *facts)
{
    g_return_if_fail(place != NULL);
    g_free(place->facts);
    place->facts = facts != NULL && *facts != '\0' ? g_strdup(facts) : NULL;
}

void lp_place_set_label(LpPlace *place, const char *label)
{
    g_return_if_fail(place != NULL);
    g_free(place->label);
    place->label = g_strdup(label);
}

void lp_place_add_point(LpPlace *place, double lat, double lon)
{
    g_return_if_fail(place != NULL);
    if (place->more == NULL)
        place->more = g_array_new(FALSE, FALSE, sizeof(LpGeoPoint));
    LpGeoPoint pt = { lat, lon };
    g_array_append_val(place->more, pt);
}

void lp_place_list_link(LpPlaceList *self, guint a, guint b)
{
    g_return_if_fail(self != NULL && a < self->places->len && b < self->places->len);
    ((LpPlace *) g_ptr_array_index(self->places, a))->linked = b;
    ((LpPlace *) g_ptr_array_index(self->places, b))->linked = a;
}

guint lp_place_list_get_n_places(LpPlaceList *self)
{
    g_return_val_if_fail(self != NULL, 0);
    return self->places->len;
}

const LpPlace *lp_place_list_get_place(LpPlaceList *self, guint index)
{
    g_return_val_if_fail(self != NULL && index < self->places->len, NULL);
    return g_ptr_array_index(self->places, index);
}

guint lp_place_list_count(LpPlaceList *self, LpPlaceState state)
{
    guint n = 0;

    g_return_val_if_fail(self != NULL, 0);
    for (guint i = 0; i < self->places->len; i++) {
        const LpPlace *p = g_ptr_array_index(self->places, i);
        if (!p->is_area && p->state == state)
            n++;
    }
    return n;
}

void lp_place_list_set_note(LpPlaceList *self, const char *note)
{
    g_return_if_fail(self != NULL);
    g_free(self->note);
    self->note = g_strdup(note);
}

const char *lp_place_list_get_note(LpPlaceList *self)
{
    g_return_val_if_fail(self != NULL, NULL);
    return self->note;
}

void lp_place_list_add_line(LpPlaceList *self, const char *line)
{
    g_return_if_fail(self != NULL && line != NULL);
    g_ptr_array_add(self->lines, g_strdup(line));
}

guint lp_place_list_get_n_lines(LpPlaceList *self)
{
    g_return_val_if_fail(self != NULL, 0);
    return self->lines->len;
}

const char *lp_place_list_get_line(LpPlaceList *self, guint index)
{
    g_return_val_if_fail(self != NULL && index < self->lines->len, NULL);
    return g_ptr_array_index(self->lines, index);
}

char *lp_place_describe(const LpPlace *place, LpPlaceList *list)
{
    g_return_val_if_fail(place != NULL && list != NULL, NULL);

    const char *who = place->label != NULL ? place->label
                                           : lp_place_list_get_group_name(list, place->group);
    switch (place->state) {
    case LP_PLACE_RIGHT:
        /* Translators: a place on the "Where were they?" map: its name, then whose it is
         * ("Anna's tip", "Cross 2"). */
        return g_strdup_printf(_("%s, right, %s"), place->name, who);
    case LP_PLACE_WRONG:
        /* Translators: as "%s, right, %s", for a card that was wrong. */
        return g_strdup_printf(_("%s, wrong, %s"), place->name, who);
    case LP_PLACE_NEUTRAL:
    default:
        /* Translators: a place on the map that was neither right nor wrong (a starting
         * card), then whose it is. */
        return g_strdup_printf(_("%s, %s"), place->name, who);
    }
}
