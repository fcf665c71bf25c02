/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Finden Sie Minden deck (data/minden-cards.json): every field, the counts, every solution point in Germany and in a grid cell, and the GeoNames places where they belong. */
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "lp-error.h"
#include "lp-test-geo.h"
#include "minden-deck.h"
#include "minden-grid.h"

#define MIN_YELLOW 75
#define MIN_RED 80
#define MIN_BLUE 40
#define MIN_PURPLE 40
/* Coastal towns and small islands lie on or just off the coarse 1:10m outline. */
#define IN_GERMANY_TOLERANCE_KM 3.0
/* issue 3: every place from GeoNames lies within 2 km of its GeoNames coordinates. */
#define GEONAMES_KM 2.0
/* A city whose centre straddles a section line lists the other side too, close by. */
#define CITY_EXTRA_KM 5.0
/* A sight lies in or next to the town the reference extract names for it. */
#define PURPLE_NEAR_KM 15.0
/* "a short fact": one sentence that fits on a card. */
#define MAX_FACT_CHARS 160

static const char *const colours[] = { "yellow", "red", "blue", "purple" };
static const char *const prefixes[] = { "y-", "r-", "b-", "p-" };

/* The fifteen most populous cities (Destatis); each must be a yellow card. */
static const char *const biggest[] = {
    "Berlin", "Hamburg", "München", "Köln", "Frankfurt am Main", "Stuttgart", "Düsseldorf",
    "Leipzig", "Dortmund", "Essen", "Bremen", "Dresden", "Hannover", "Nürnberg", "Duisburg",
};


/* The shipped deck and the GeoNames reference extract, parsed once. */
static JsonNode *deck_root(void)
{
    static JsonNode *root;

    if (root == NULL) {
        g_autofree char *text = lp_test_read_source_file("data/minden-cards.json");
        root = lp_test_parse_or_die(text, "data/minden-cards.json");
    }
    return root;
}

static JsonArray *deck_cards(void)
{
    return json_object_get_array_member(json_node_get_object(deck_root()), "cards");
}

static JsonArray *reference_places(void)
{
    static JsonNode *root;

    if (root == NULL) {
        g_autofree char *text = lp_test_read_source_file("data/geo/geonames-minden.json");
        root = lp_test_parse_or_die(text, "data/geo/geonames-minden.json");
    }
    return json_object_get_array_member(json_node_get_object(root), "places");
}

/* ------------------------------------------------------------------------- */
/* The validator: every problem becomes one message naming the card and the field. */


static const char *check_string(LpTestCheck *c, JsonObject *obj, const char *field)
{
    JsonNode *node = json_object_get_member(obj, field);
    const char *s;

    if (node == NULL) {
        lp_test_problem(c, field, "is missing");
        return NULL;
    }
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_STRING) {
        lp_test_problem(c, field, "must be a string");
        return NULL;
    }
    s = json_node_get_string(node);
    if (!g_utf8_validate(s, -1, NULL)) {
        lp_test_problem(c, field, "is not UTF-8");
        return NULL;
    }
    if (*s == '\0' || g_ascii_isspace(s[0]) || g_ascii_isspace(s[strlen(s) - 1])) {
        lp_test_problem(c, field, "must be a non-empty string without outer spaces");
        return NULL;
    }
    return s;
}

static gboolean check_number(LpTestCheck *c, JsonObject *obj, const char *field, double min,
                             double max, double *out)
{
    JsonNode *node = json_object_get_member(obj, field);
    GType type;
    double v;

    if (node == NULL) {
        lp_test_problem(c, field, "is missing");
        return FALSE;
    }
    type = JSON_NODE_HOLDS_VALUE(node) ? json_node_get_value_type(node) : G_TYPE_INVALID;
    if (type != G_TYPE_DOUBLE && type != G_TYPE_INT64) {
        lp_test_problem(c, field, "must be a number");
        return FALSE;
    }
    v = type == G_TYPE_DOUBLE ? json_node_get_double(node) : (double) json_node_get_int(node);
    if (!(v >= min && v <= max)) {
        lp_test_problem(c, field, "is %g, outside %g … %g", v, min, max);
        return FALSE;
    }
    *out = v;
    return TRUE;
}

static void check_fact(LpTestCheck *c, JsonObject *obj, const char *field)
{
    const char *s = check_string(c, obj, field);

    if (s == NULL)
        return;
    if (g_utf8_strlen(s, -1) > MAX_FACT_CHARS)
        lp_test_problem(c, field, "is longer than %d characters", MAX_FACT_CHARS);
    if (strchr(s, '\n') != NULL || !g_str_has_suffix(s, "."))
        lp_test_problem(c, field, "must be one line ending with a full stop");
}

static gboolean colour_index(const char *colour, guint *out)
{
    for (guint i = 0; i < G_N_ELEMENTS(colours); i++) {
        if (g_strcmp0(colour, colours[i]) == 0) {
            *out = i;
            return TRUE;
        }
    }
    return FALSE;
}

/* Checks one card against the deck contract; problems go into c->problems. */
static void check_card(LpTestCheck *c, JsonNode *node, guint index)
{
    static const char *const known[] = { "id", "colour", "name_de", "name_en", "town_de",
                                         "town_en", "solutions", "fact_de", "fact_en" };
    JsonObject *obj;
    const char *id, *colour;
    JsonNode *sol;
    guint ci = 0;
    gboolean purple;

    g_free(c->label);
    c->label = g_strdup_printf("card %u", index + 1);
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        lp_test_problem(c, "card", "must be an object");
        return;
    }
    obj = json_node_get_object(node);
    id = check_string(c, obj, "id");
    if (id != NULL) {
        g_free(c->label);
        c->label = g_strdup_printf("card %u (%s)", index + 1, id);
    }

    colour = check_string(c, obj, "colour");
    if (colour != NULL && !colour_index(colour, &ci))
        lp_test_problem(c, "colour", "is “%s”, not yellow, red, blue or purple", colour);
    if (id != NULL) {
        for (const char *p = id; *p != '\0'; p++)
            if (!g_ascii_islower(*p) && !g_ascii_isdigit(*p) && *p != '-') {
                lp_test_problem(c, "id", "may only hold a–z, 0–9 and “-”");
                break;
            }
        if (colour != NULL && colour_index(colour, &ci) && !g_str_has_prefix(id, prefixes[ci]))
            lp_test_problem(c, "id", "of a %s card must start with “%s”", colour, prefixes[ci]);
    }
    check_string(c, obj, "name_de");
    check_string(c, obj, "name_en");
    check_fact(c, obj, "fact_de");
    check_fact(c, obj, "fact_en");

    /* Purple cards name their town (RULES.md: "you must know where it stands"). */
    purple = colour != NULL && g_strcmp0(colour, "purple") == 0;
    if (purple) {
        check_string(c, obj, "town_de");
        check_string(c, obj, "town_en");
    } else if (colour != NULL) {
        if (json_object_has_member(obj, "town_de"))
            lp_test_problem(c, "town_de", "belongs to purple cards only");
        if (json_object_has_member(obj, "town_en"))
            lp_test_problem(c, "town_en", "belongs to purple cards only");
    }

    sol = json_object_get_member(obj, "solutions");
    if (sol == NULL) {
        lp_test_problem(c, "solutions", "is missing");
    } else if (!JSON_NODE_HOLDS_ARRAY(sol)) {
        lp_test_problem(c, "solutions", "must be an array");
    } else if (json_array_get_length(json_node_get_array(sol)) == 0) {
        lp_test_problem(c, "solutions", "must hold at least one point");
    } else {
        JsonArray *points = json_node_get_array(sol);

        for (guint i = 0; i < json_array_get_length(points); i++) {
            JsonNode *pn = json_array_get_element(points, i);
            double lat, lon;

            if (!JSON_NODE_HOLDS_OBJECT(pn)) {
                lp_test_problem(c, "solutions", "point %u must be an object with lat and lon", i + 1);
                continue;
            }
            check_number(c, json_node_get_object(pn), "lat", 47.0, 55.2, &lat);
            check_number(c, json_node_get_object(pn), "lon", 5.8, 15.1, &lon);
        }
    }

    {
        g_autoptr(GList) members = json_object_get_members(obj);

        for (GList *l = members; l != NULL; l = l->next) {
            gboolean ok = FALSE;

            for (guint k = 0; k < G_N_ELEMENTS(known); k++)
                ok = ok || strcmp(l->data, known[k]) == 0;
            if (!ok)
                lp_test_problem(c, l->data, "is not a field of the deck format");
        }
    }
}

/* All problems of a deck (version, cards, unique ids and names). */
static GPtrArray *check_deck(JsonNode *root)
{
    LpTestCheck c = { g_ptr_array_new_with_free_func(g_free), g_strdup("deck") };
    GHashTable *seen[3];
    static const char *const unique[] = { "id", "name_de", "name_en" };
    JsonObject *obj;
    JsonArray *cards;

    if (!JSON_NODE_HOLDS_OBJECT(root)) {
        lp_test_problem(&c, "deck", "must be an object");
        g_free(c.label);
        return c.problems;
    }
    obj = json_node_get_object(root);
    if (!json_object_has_member(obj, "version") ||
        json_object_get_int_member(obj, "version") != 1)
        lp_test_problem(&c, "version", "must be 1");
    if (!json_object_has_member(obj, "cards") ||
        !JSON_NODE_HOLDS_ARRAY(json_object_get_member(obj, "cards"))) {
        lp_test_problem(&c, "cards", "must be an array");
        g_free(c.label);
        return c.problems;
    }
    cards = json_object_get_array_member(obj, "cards");
    for (guint k = 0; k < 3; k++)
        seen[k] = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    for (guint i = 0; i < json_array_get_length(cards); i++) {
        JsonNode *node = json_array_get_element(cards, i);

        check_card(&c, node, i);
        if (!JSON_NODE_HOLDS_OBJECT(node))
            continue;
        for (guint k = 0; k < 3; k++) {
            JsonNode *m = json_object_get_member(json_node_get_object(node), unique[k]);
            const char *s;

            if (m == NULL || !JSON_NODE_HOLDS_VALUE(m) ||
                json_node_get_value_type(m) != G_TYPE_STRING)
                continue;
            s = json_node_get_string(m);
            if (g_hash_table_contains(seen[k], s))
                lp_test_problem(&c, unique[k], "“%s” is already used by %s", s,
                        (const char *) g_hash_table_lookup(seen[k], s));
            else
                g_hash_table_insert(seen[k], g_strdup(s), g_strdup(c.label));
        }
    }
    for (guint k = 0; k < 3; k++)
        g_hash_table_unref(seen[k]);
    g_free(c.label);
    return c.problems;
}

static void assert_no_problems(GPtrArray *problems)
{
    for (guint i = 0; i < problems->len; i++)
        g_test_message("%s", (const char *) problems->pdata[i]);
    if (problems->len > 0)
        g_test_fail_printf("%u problems, the first: %s", problems->len,
                           (const char *) problems->pdata[0]);
}

/* ------------------------------------------------------------------------- */
/* Helpers over the shipped deck. */

static JsonObject *card_at(guint i)
{
    return json_array_get_object_element(deck_cards(), i);
}

static JsonObject *card_by_id(const char *id)
{
    JsonArray *cards = deck_cards();

    for (guint i = 0; i < json_array_get_length(cards); i++)
        if (g_strcmp0(json_object_get_string_member(card_at(i), "id"), id) == 0)
            return card_at(i);
    return NULL;
}

static guint n_points(JsonObject *card)
{
    return json_array_get_length(json_object_get_array_member(card, "solutions"));
}

static void point(JsonObject *card, guint i, double *lat, double *lon)
{
    JsonObject *p = json_array_get_object_element(json_object_get_array_member(card, "solutions"), i);

    *lat = json_object_get_double_member(p, "lat");
    *lon = json_object_get_double_member(p, "lon");
}

/* ------------------------------------------------------------------------- */

static void test_fields(void)
{
    g_autoptr(GPtrArray) problems = check_deck(deck_root());

    assert_no_problems(problems);
}

/* The game's own loader takes the shipped deck, card for card. */
static void test_game_loader(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = minden_deck_new_from_json(deck_root(), &error);

    g_assert_no_error(error);
    g_assert_nonnull(deck);
    g_assert_cmpuint(minden_deck_get_n_cards(deck), ==, json_array_get_length(deck_cards()));
    for (guint i = 0; i < minden_deck_get_n_cards(deck); i++) {
        const MindenCard *card = minden_deck_get_card(deck, i);

        g_assert_cmpstr(card->id, ==, json_object_get_string_member(card_at(i), "id"));
        g_assert_cmpuint(card->n_solutions, ==, n_points(card_at(i)));
        g_assert_nonnull(card->fact_de);
        g_assert_nonnull(card->fact_en);
        g_assert_true((card->colour == MINDEN_PURPLE) == (card->town_de != NULL));
    }
}

static void test_counts(void)
{
    JsonArray *cards = deck_cards();
    guint count[G_N_ELEMENTS(colours)] = { 0 };

    for (guint i = 0; i < json_array_get_length(cards); i++) {
        guint ci = 0;

        g_assert_true(colour_index(json_object_get_string_member(card_at(i), "colour"), &ci));
        count[ci]++;
    }
    g_test_message("yellow %u, red %u, blue %u, purple %u", count[0], count[1], count[2],
                   count[3]);
    g_assert_cmpuint(count[0], >=, MIN_YELLOW);
    g_assert_cmpuint(count[1], >=, MIN_RED);
    g_assert_cmpuint(count[2], >=, MIN_BLUE);
    g_assert_cmpuint(count[3], >=, MIN_PURPLE);

    /* RULES.md: yellow are the big cities; the fifteen biggest must all be there. */
    for (guint b = 0; b < G_N_ELEMENTS(biggest); b++) {
        gboolean found = FALSE;

        for (guint i = 0; i < json_array_get_length(cards) && !found; i++)
            found = g_strcmp0(json_object_get_string_member(card_at(i), "colour"), "yellow") == 0 &&
                    g_strcmp0(json_object_get_string_member(card_at(i), "name_de"), biggest[b]) == 0;
        if (!found)
            g_test_fail_printf("%s has no yellow card", biggest[b]);
    }
}

static void test_inside_germany(void)
{
    JsonArray *cards = deck_cards();

    for (guint i = 0; i < json_array_get_length(cards); i++) {
        for (guint k = 0; k < n_points(card_at(i)); k++) {
            double lat, lon;

            point(card_at(i), k, &lat, &lon);
            if (!lp_test_point_in_germany(lat, lon, IN_GERMANY_TOLERANCE_KM))
                g_test_fail_printf("%s, solution %u (%.4f, %.4f) lies %.1f km outside Germany",
                                   json_object_get_string_member(card_at(i), "id"), k + 1, lat,
                                   lon, lp_test_distance_to_border_km(lat, lon));
        }
    }
}

/* Every point has a full cell of the RULES.md grid that contains it (or, beyond the outer
 * lines, the outermost one); the points of one card name different cells. */
static void test_cells(void)
{
    JsonArray *cards = deck_cards();

    for (guint i = 0; i < json_array_get_length(cards); i++) {
        JsonObject *card = card_at(i);
        const char *id = json_object_get_string_member(card, "id");
        g_autoptr(GArray) cells = g_array_new(FALSE, FALSE, sizeof(MindenTip));

        g_assert_cmpuint(n_points(card), >=, 1);
        for (guint k = 0; k < n_points(card); k++) {
            MindenTip cell = MINDEN_TIP_INIT;
            double lat, lon, south, north, west, east;

            point(card, k, &lat, &lon);
            minden_grid_locate(lat, lon, &cell);
            if (!minden_tip_is_valid(&cell) || cell.n_stones != MINDEN_MAX_STONES) {
                g_test_fail_printf("%s, solution %u has no cell", id, k + 1);
                continue;
            }
            minden_tip_region(&cell, &south, &north, &west, &east);
            g_assert_cmpfloat(north - south, ==, 0.5);
            g_assert_cmpfloat(east - west, ==, 0.5);
            if (!((lat >= south && (lat < north || north == MINDEN_GRID_LAT_NORTH)) &&
                  (lon >= west && (lon < east || east == MINDEN_GRID_LON_EAST))))
                g_test_fail_printf("%s, solution %u (%.4f, %.4f) is not in its cell", id, k + 1,
                                   lat, lon);
            g_assert_true(minden_tip_contains_point(&cell, lat, lon));
            for (guint j = 0; j < cells->len; j++)
                if (minden_tip_equal(&g_array_index(cells, MindenTip, j), &cell))
                    g_test_fail_printf("%s: solutions %u and %u lie in the same cell", id, j + 1,
                                       k + 1);
            g_array_append_val(cells, cell);
        }
    }
}

/* RULES.md's own examples, played with the deck's cards. */
static void test_rules_examples(void)
{
    static const struct {
        const char *id;
        const char *stones[4];
    } examples[] = {
        { "y-hamburg", { "W", "N", "10", "B" } },
        { "y-muenchen", { "O", "S", "7", "D" } },
    };

    for (guint e = 0; e < G_N_ELEMENTS(examples); e++) {
        JsonObject *card = card_by_id(examples[e].id);
        MindenTip tip = MINDEN_TIP_INIT;
        g_autoptr(GError) error = NULL;
        double lat, lon;

        g_assert_nonnull(card);
        g_assert_cmpuint(n_points(card), ==, 1);
        point(card, 0, &lat, &lon);
        g_assert_true(minden_tip_from_strv(examples[e].stones, 4, &tip, &error));
        g_assert_no_error(error);
        g_assert_true(minden_tip_contains_point(&tip, lat, lon));
    }
}

/* Yellow and red cards start with their GeoNames point (within 2 km; issue 3) and list
 * any other section of a straddling centre close by, red covers every territorial state, and a purple sight lies near the town the extract names for it. */
static void test_geonames(void)
{
    JsonArray *places = reference_places();
    JsonArray *cards = deck_cards();
    g_autoptr(GHashTable) by_card = g_hash_table_new(g_str_hash, g_str_equal);
    g_autoptr(GHashTable) red_states = g_hash_table_new(g_str_hash, g_str_equal);

    g_assert_cmpuint(json_array_get_length(places), >, 0);
    for (guint i = 0; i < json_array_get_length(places); i++) {
        JsonObject *place = json_array_get_object_element(places, i);
        const char *id = json_object_get_string_member(place, "card");

        if (card_by_id(id) == NULL)
            g_test_fail_printf("the GeoNames extract names %s, which is no card", id);
        g_hash_table_insert(by_card, (gpointer) id, place);
    }

    for (guint i = 0; i < json_array_get_length(cards); i++) {
        JsonObject *card = card_at(i);
        const char *id = json_object_get_string_member(card, "id");
        const char *colour = json_object_get_string_member(card, "colour");
        JsonObject *place = g_hash_table_lookup(by_card, id);
        gboolean city = g_str_equal(colour, "yellow") || g_str_equal(colour, "red");
        double lat, lon, d;

        if (g_str_equal(colour, "blue"))
            continue;
        if (place == NULL) {
            g_test_fail_printf("%s has no GeoNames place in data/geo/geonames-minden.json", id);
            continue;
        }
        point(card, 0, &lat, &lon);
        d = lp_test_distance_km(lat, lon, json_object_get_double_member(place, "lat"),
                                json_object_get_double_member(place, "lon"));
        if (d > (city ? GEONAMES_KM : PURPLE_NEAR_KM))
            g_test_fail_printf("%s lies %.1f km from GeoNames %s (%" G_GINT64_FORMAT ")", id, d,
                               json_object_get_string_member(place, "name"),
                               json_object_get_int_member(place, "geonames_id"));
        for (guint k = 1; city && k < n_points(card); k++) {
            double elat, elon;

            point(card, k, &elat, &elon);
            if (lp_test_distance_km(elat, elon, lat, lon) > CITY_EXTRA_KM)
                g_test_fail_printf("%s, solution %u lies more than %.0f km from the city", id,
                                   k + 1, CITY_EXTRA_KM);
        }
        if (city && g_strcmp0(json_object_get_string_member(place, "feature_code"), "PPLX") == 0)
            g_test_fail_printf("%s is a city section in GeoNames, not a town", id);
        if (g_str_equal(colour, "red"))
            g_hash_table_add(red_states, (gpointer) json_object_get_string_member(place, "admin1"));
    }
    /* 16 states less the city states: Berlin and Hamburg are one city each, and both
     * cities of Bremen (Bremen, Bremerhaven) are yellow. */
    g_assert_cmpuint(g_hash_table_size(red_states), ==, 13);
}

/* ------------------------------------------------------------------------- */
/* Broken decks: a one-card deck built from a good card with one change. */

typedef struct {
    const char *field;          /* the field the message must name */
    const char *member;         /* member to change ("solutions.lat" = of the first point) */
    const char *json;           /* its new value as JSON, or NULL to remove it */
    gboolean loader_rejects;    /* the game's loader must refuse it too */
} Breakage;

static JsonNode *broken_deck(const char *card_id, const Breakage *b)
{
    JsonObject *good = card_by_id(card_id);
    g_autoptr(JsonNode) good_node = NULL;
    g_autofree char *card = NULL;
    g_autofree char *text = NULL;
    const char *dot = strchr(b->member, '.');
    const char *member = dot != NULL ? dot + 1 : b->member;
    JsonNode *root;
    JsonObject *obj;

    g_assert_nonnull(good);
    good_node = json_node_init_object(json_node_alloc(), good);
    card = json_to_string(good_node, FALSE);
    text = g_strdup_printf("{\"version\": 1, \"cards\": [%s]}", card);
    root = lp_test_parse_or_die(text, "broken deck");
    obj = json_array_get_object_element(
        json_object_get_array_member(json_node_get_object(root), "cards"), 0);
    /* "solutions.lat" changes the first solution point. */
    if (dot != NULL)
        obj = json_array_get_object_element(json_object_get_array_member(obj, "solutions"), 0);
    if (b->json == NULL)
        json_object_remove_member(obj, member);
    else
        json_object_set_member(obj, member, lp_test_parse_or_die(b->json, "breakage"));
    return root;
}

static void test_broken_decks(void)
{
    static const Breakage breakages[] = {
        { "id", "id", NULL, TRUE },
        { "id", "id", "\"Y Kassel\"", TRUE },
        { "id", "id", "\"r-kassel\"", TRUE },
        { "colour", "colour", NULL, TRUE },
        { "colour", "colour", "\"green\"", TRUE },
        { "name_de", "name_de", NULL, TRUE },
        { "name_de", "name_de", "\"\"", TRUE },
        { "name_de", "name_de", "42", TRUE },
        { "name_en", "name_en", NULL, FALSE },
        { "fact_de", "fact_de", NULL, FALSE },
        { "fact_en", "fact_en", "\" Kassel.\"", FALSE },
        { "fact_en", "fact_en", "\"A fact without its full stop\"", FALSE },
        { "town_de", "town_de", "\"Kassel\"", FALSE },
        { "solutions", "solutions", NULL, TRUE },
        { "solutions", "solutions", "[]", TRUE },
        { "solutions", "solutions", "{\"lat\": 51.3, \"lon\": 9.5}", TRUE },
        { "lat", "solutions.lat", NULL, TRUE },
        { "lat", "solutions.lat", "\"51.3\"", TRUE },
        { "lon", "solutions.lon", "99.5", TRUE },
        { "population", "population", "200000", FALSE },
    };

    for (guint i = 0; i < G_N_ELEMENTS(breakages); i++) {
        const Breakage *b = &breakages[i];
        g_autoptr(JsonNode) root = broken_deck("y-kassel", b);
        g_autoptr(GPtrArray) problems = check_deck(root);
        g_autoptr(MindenDeck) deck = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *quoted = g_strdup_printf("“%s”", b->field);

        /* The data check: exactly this card and this field. */
        if (problems->len == 0) {
            g_test_fail_printf("breakage %u (%s) went unnoticed", i, b->member);
            continue;
        }
        for (guint k = 0; k < problems->len; k++) {
            const char *msg = problems->pdata[k];

            g_test_message("breakage %u: %s", i, msg);
            g_assert_nonnull(strstr(msg, "card 1"));
            g_assert_nonnull(strstr(msg, quoted));
            /* The card is named by its id whenever the id itself is readable. */
            if (!g_str_equal(b->field, "id"))
                g_assert_nonnull(strstr(msg, "(y-kassel)"));
        }

        /* The game's loader refuses what it cannot play, naming the card and the field. */
        deck = minden_deck_new_from_json(root, &error);
        if (b->loader_rejects) {
            g_assert_null(deck);
            g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA);
            g_test_message("loader, breakage %u: %s", i, error->message);
            if (!(g_str_equal(b->field, "solutions") && b->json != NULL &&
                  g_str_equal(b->json, "[]")))
                g_assert_nonnull(strstr(error->message, b->field));
            if (!g_str_equal(b->field, "id"))
                g_assert_nonnull(strstr(error->message, "y-kassel"));
        }
    }
}

/* Two cards with one id or one name are refused by the check, and by the loader for ids. */
static void test_duplicates(void)
{
    static const char *const fields[] = { "id", "name_de", "name_en" };

    for (guint f = 0; f < G_N_ELEMENTS(fields); f++) {
        g_autofree char *a = json_to_string(json_array_get_element(deck_cards(), 0), FALSE);
        g_autofree char *b = json_to_string(json_array_get_element(deck_cards(), 1), FALSE);
        g_autofree char *text = g_strdup_printf("{\"version\": 1, \"cards\": [%s, %s]}", a, b);
        g_autoptr(JsonNode) root = lp_test_parse_or_die(text, "duplicate deck");
        JsonObject *first = json_array_get_object_element(
            json_object_get_array_member(json_node_get_object(root), "cards"), 0);
        JsonObject *second = json_array_get_object_element(
            json_object_get_array_member(json_node_get_object(root), "cards"), 1);
        g_autoptr(GPtrArray) problems = NULL;
        g_autofree char *quoted = g_strdup_printf("“%s”", fields[f]);

        json_object_set_string_member(second, fields[f],
                                      json_object_get_string_member(first, fields[f]));
        problems = check_deck(root);
        g_assert_cmpuint(problems->len, >=, 1);
        g_assert_nonnull(strstr(problems->pdata[0], "card 2"));
        g_assert_nonnull(strstr(problems->pdata[0], quoted));
        if (f == 0) {
            g_autoptr(GError) error = NULL;
            g_autoptr(MindenDeck) deck = minden_deck_new_from_json(root, &error);

            g_assert_null(deck);
            g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA);
            g_assert_nonnull(strstr(error->message, json_object_get_string_member(first, "id")));
        }
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    g_test_add_func("/minden-data/fields", test_fields);
    g_test_add_func("/minden-data/game-loader", test_game_loader);
    g_test_add_func("/minden-data/counts", test_counts);
    g_test_add_func("/minden-data/inside-germany", test_inside_germany);
    g_test_add_func("/minden-data/cells", test_cells);
    g_test_add_func("/minden-data/rules-examples", test_rules_examples);
    g_test_add_func("/minden-data/geonames", test_geonames);
    g_test_add_func("/minden-data/broken-decks", test_broken_decks);
    g_test_add_func("/minden-data/duplicates", test_duplicates);

    return g_test_run();
}
