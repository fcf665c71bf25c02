/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Ausgerechnet Buxtehude deck (data/buxtehude-cards.json): every field, the counts of RULES.md, and every point where it belongs. */
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "lp-test-geo.h"

#define N_PLACES 180
#define N_LANDMARKS 20
/* A game deals 45 cards plus a starting card per cross (RULES.md: Setup); the easy deck
 * (RULES.md: Easy deck) drops difficulty 3 and must still play with room to spare. */
#define MIN_EASY_CARDS 130
#define SMALL_TOWN 50000

static const char *const states[] = {
    "DE-BW", "DE-BY", "DE-BE", "DE-BB", "DE-HB", "DE-HH", "DE-HE", "DE-MV",
    "DE-NI", "DE-NW", "DE-RP", "DE-SL", "DE-SN", "DE-ST", "DE-SH", "DE-TH",
};

/* GeoNames admin1 codes of the German states, in the order of states[]. */
static const char *const geonames_admin1[] = {
    "01", "02", "16", "11", "03", "04", "05", "12",
    "06", "07", "08", "09", "13", "14", "10", "15",
};


/* The shipped deck's text, read once. */
static const char *deck_text(void)
{
    static char *text;

    if (text == NULL)
        text = lp_test_read_source_file("data/buxtehude-cards.json");
    return text;
}

/* ------------------------------------------------------------------------- */
/* The validator: every problem becomes one message naming the card and the field. */


/* A member's string, or NULL when it is missing or not a string (never a warning). */
static const char *member_string(JsonObject *obj, const char *member)
{
    JsonNode *node = json_object_get_member(obj, member);

    if (node == NULL || !JSON_NODE_HOLDS_VALUE(node) ||
        json_node_get_value_type(node) != G_TYPE_STRING)
        return NULL;
    return json_node_get_string(node);
}

static gboolean is_number_node(JsonNode *node, gboolean integer)
{
    GType type;

    if (node == NULL || !JSON_NODE_HOLDS_VALUE(node))
        return FALSE;
    type = json_node_get_value_type(node);
    return integer ? type == G_TYPE_INT64 : type == G_TYPE_DOUBLE;
}

static const char *check_string(LpTestCheck *c, JsonObject *obj, const char *field, gboolean required)
{
    JsonNode *node = json_object_get_member(obj, field);
    const char *s;

    if (node == NULL) {
        if (required)
            lp_test_problem(c, field, "is missing");
        return NULL;
    }
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_STRING) {
        lp_test_problem(c, field, "must be a string");
        return NULL;
    }
    s = json_node_get_string(node);
    if (*s == '\0' || g_ascii_isspace(s[0]) || g_ascii_isspace(s[strlen(s) - 1])) {
        lp_test_problem(c, field, "must be a non-empty string without outer spaces");
        return NULL;
    }
    if (!g_utf8_validate(s, -1, NULL)) {
        lp_test_problem(c, field, "is not UTF-8");
        return NULL;
    }
    return s;
}

static gboolean check_number(LpTestCheck *c, JsonObject *obj, const char *field, double min,
                             double max, gboolean integer, double *out)
{
    JsonNode *node = json_object_get_member(obj, field);
    double v;

    if (node == NULL) {
        lp_test_problem(c, field, "is missing");
        return FALSE;
    }
    if (!is_number_node(node, integer)) {
        lp_test_problem(c, field, "must be %s", integer ? "an integer" : "a decimal number");
        return FALSE;
    }
    v = integer ? (double)json_node_get_int(node) : json_node_get_double(node);
    if (!isfinite(v) || v < min || v > max) {
        lp_test_problem(c, field, "must lie in %g..%g, not %g", min, max, v);
        return FALSE;
    }
    if (out != NULL)
        *out = v;
    return TRUE;
}

static gboolean is_state(const char *s)
{
    for (guint i = 0; i < G_N_ELEMENTS(states); i++)
        if (g_strcmp0(s, states[i]) == 0)
            return TRUE;
    return FALSE;
}

static gboolean is_id(const char *s)
{
    return g_regex_match_simple("^[a-z0-9]+(-[a-z0-9]+)*$", s, 0, 0);
}

static void check_card(JsonObject *card, guint index, GPtrArray *problems)
{
    static const char *const place_fields[] = {
        "id", "kind", "name_de", "name_en", "lat", "lon", "state", "population", "area_km2",
        "difficulty", "geonames_id",
    };
    static const char *const landmark_fields[] = {
        "id", "kind", "name_de", "name_en", "lat", "lon", "state", "description_de",
        "description_en", "difficulty",
    };
    const char *id = member_string(card, "id");
    g_autofree char *label = id != NULL ? g_strdup_printf("card %u (%s)", index, id)
                                        : g_strdup_printf("card %u", index);
    LpTestCheck c = {problems, label};
    const char *kind, *name_de, *name_en, *state;
    const char *const *fields;
    guint n_fields;
    gboolean place;

    if (check_string(&c, card, "id", TRUE) != NULL && !is_id(id))
        lp_test_problem(&c, "id", "must be lowercase ascii words joined by “-”");
    kind = check_string(&c, card, "kind", TRUE);
    if (kind != NULL && strcmp(kind, "place") != 0 && strcmp(kind, "landmark") != 0) {
        lp_test_problem(&c, "kind", "must be “place” or “landmark”, not “%s”", kind);
        return;
    }
    if (kind == NULL)
        return;
    place = strcmp(kind, "place") == 0;

    name_de = check_string(&c, card, "name_de", TRUE);
    name_en = check_string(&c, card, "name_en", FALSE);
    if (name_de != NULL && name_en != NULL && strcmp(name_de, name_en) == 0)
        lp_test_problem(&c, "name_en", "is given only where it differs from “name_de”");
    /* Germany lies within 47.27–55.06°N and 5.87–15.04°E. */
    check_number(&c, card, "lat", 47.2, 55.1, FALSE, NULL);
    check_number(&c, card, "lon", 5.8, 15.1, FALSE, NULL);
    state = check_string(&c, card, "state", TRUE);
    if (state != NULL && !is_state(state))
        lp_test_problem(&c, "state", "must be the ISO 3166-2 code of a German state, not “%s”", state);
    check_number(&c, card, "difficulty", 1, 3, TRUE, NULL);

    if (place) {
        check_number(&c, card, "population", 1000, 4000000, TRUE, NULL);
        /* Berlin, the largest, has 891 km². */
        check_number(&c, card, "area_km2", 1.0, 1000.0, FALSE, NULL);
        check_number(&c, card, "geonames_id", 1, 99999999, TRUE, NULL);
        fields = place_fields;
        n_fields = G_N_ELEMENTS(place_fields);
    } else {
        check_string(&c, card, "description_de", TRUE);
        check_string(&c, card, "description_en", TRUE);
        fields = landmark_fields;
        n_fields = G_N_ELEMENTS(landmark_fields);
    }

    g_autoptr(GList) members = json_object_get_members(card);
    for (GList *l = members; l != NULL; l = l->next) {
        gboolean known = FALSE;

        for (guint i = 0; i < n_fields; i++)
            known |= strcmp(l->data, fields[i]) == 0;
        if (!known)
            lp_test_problem(&c, l->data, "does not belong on a %s card", kind);
    }
}

/* Adds to seen (value → label) and reports a second card with the same value. */
static void check_unique(GHashTable *seen, const char *value, const char *label,
                         const char *field, GPtrArray *problems)
{
    const char *first;

    if (value == NULL)
        return;
    first = g_hash_table_lookup(seen, value);
    if (first != NULL && strcmp(first, label) != 0) {
        g_ptr_array_add(problems, g_strdup_printf("%s: “%s” “%s” is already used by %s", label,
                                                  field, value, first));
        return;
    }
    g_hash_table_insert(seen, g_strdup(value), g_strdup(label));
}

/* Every problem of a deck document; an empty array for a good deck. */
static GPtrArray *deck_problems(JsonNode *root)
{
    GPtrArray *problems = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GHashTable) ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    g_autoptr(GHashTable) names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    g_autoptr(GHashTable) geonames = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    JsonObject *top;
    JsonNode *version;
    JsonArray *cards;

    if (!JSON_NODE_HOLDS_OBJECT(root)) {
        g_ptr_array_add(problems, g_strdup("the deck is not a JSON object"));
        return problems;
    }
    top = json_node_get_object(root);
    version = json_object_get_member(top, "version");
    if (!is_number_node(version, TRUE) || json_node_get_int(version) != 1)
        g_ptr_array_add(problems, g_strdup("“version” must be 1"));
    if (!json_object_has_member(top, "cards") ||
        !JSON_NODE_HOLDS_ARRAY(json_object_get_member(top, "cards"))) {
        g_ptr_array_add(problems, g_strdup("“cards” must be an array"));
        return problems;
    }
    cards = json_object_get_array_member(top, "cards");
    for (guint i = 0; i < json_array_get_length(cards); i++) {
        JsonNode *node = json_array_get_element(cards, i);
        JsonObject *card;
        const char *id, *name_de, *name_en;
        g_autofree char *label = NULL;

        if (!JSON_NODE_HOLDS_OBJECT(node)) {
            g_ptr_array_add(problems, g_strdup_printf("card %u: not an object", i));
            continue;
        }
        card = json_node_get_object(node);
        check_card(card, i, problems);

        id = member_string(card, "id");
        label = id != NULL ? g_strdup_printf("card %u (%s)", i, id) : g_strdup_printf("card %u", i);
        check_unique(ids, id, label, "id", problems);
        /* A name in either language belongs to one card only, or players could not tell
         * two cards apart. */
        name_de = member_string(card, "name_de");
        name_en = member_string(card, "name_en");
        check_unique(names, name_de, label, "name_de", problems);
        check_unique(names, name_en, label, "name_en", problems);
        if (is_number_node(json_object_get_member(card, "geonames_id"), TRUE)) {
            g_autofree char *gid = g_strdup_printf(
                "%" G_GINT64_FORMAT, json_object_get_int_member(card, "geonames_id"));
            check_unique(geonames, gid, label, "geonames_id", problems);
        }
    }
    return problems;
}

/* ------------------------------------------------------------------------- */
/* The shipped deck as plain structs, for the content tests. */

typedef struct {
    const char *id;
    gboolean place;
    const char *name_de;
    const char *name_en;
    double lat, lon;
    const char *state;
    gint64 population;
    double area_km2;
    gint64 geonames_id;
    int difficulty;
} Card;

static JsonNode *shipped_root;
static GArray *shipped_cards; /* of Card; strings point into shipped_root */

static void load_shipped(void)
{
    JsonArray *cards;
    g_autoptr(GPtrArray) problems = NULL;

    if (shipped_cards != NULL)
        return;
    shipped_root = lp_test_parse_or_die(deck_text(), "data/buxtehude-cards.json");
    problems = deck_problems(shipped_root);
    for (guint i = 0; i < problems->len; i++)
        g_test_message("%s", (char *)problems->pdata[i]);
    if (problems->len > 0)
        g_error("data/buxtehude-cards.json has %u problems (listed above)", problems->len);

    shipped_cards = g_array_new(FALSE, TRUE, sizeof(Card));
    cards = json_object_get_array_member(json_node_get_object(shipped_root), "cards");
    for (guint i = 0; i < json_array_get_length(cards); i++) {
        JsonObject *o = json_array_get_object_element(cards, i);
        Card c = {0};

        c.id = json_object_get_string_member(o, "id");
        c.place = strcmp(json_object_get_string_member(o, "kind"), "place") == 0;
        c.name_de = json_object_get_string_member(o, "name_de");
        c.name_en = json_object_get_string_member_with_default(o, "name_en", NULL);
        c.lat = json_object_get_double_member(o, "lat");
        c.lon = json_object_get_double_member(o, "lon");
        c.state = json_object_get_string_member(o, "state");
        c.difficulty = (int)json_object_get_int_member(o, "difficulty");
        if (c.place) {
            c.population = json_object_get_int_member(o, "population");
            c.area_km2 = json_object_get_double_member(o, "area_km2");
            c.geonames_id = json_object_get_int_member(o, "geonames_id");
        }
        g_array_append_val(shipped_cards, c);
    }
}

static const Card *find_card(const char *id)
{
    load_shipped();
    for (guint i = 0; i < shipped_cards->len; i++) {
        const Card *c = &g_array_index(shipped_cards, Card, i);

        if (strcmp(c->id, id) == 0)
            return c;
    }
    g_test_message("no card “%s” in the deck", id);
    g_test_fail();
    return NULL;
}

/* ------------------------------------------------------------------------- */
/* Tests */

static void test_fields(void)
{
    g_autoptr(JsonNode) root = lp_test_parse_or_die(deck_text(), "data/buxtehude-cards.json");
    g_autoptr(GPtrArray) problems = deck_problems(root);

    for (guint i = 0; i < problems->len; i++)
        g_test_message("%s", (char *)problems->pdata[i]);
    g_assert_cmpuint(problems->len, ==, 0);
}

/* The deck contract asks for at least 4 decimals (about 10 m): check the text itself, which
 * a parsed double cannot tell. */
static void test_decimals(void)
{
    g_autoptr(GRegex) any = g_regex_new("\"(lat|lon)\": *(-?[0-9.eE+-]+)", 0, 0, NULL);
    g_autoptr(GRegex) good = g_regex_new("^-?[0-9]+\\.[0-9]{4,}$", 0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    guint n = 0;

    g_regex_match(any, deck_text(), 0, &match);
    while (g_match_info_matches(match)) {
        g_autofree char *whole = g_match_info_fetch(match, 0);
        g_autofree char *number = g_match_info_fetch(match, 2);

        if (!g_regex_match(good, number, 0, NULL)) {
            g_test_message("%s has fewer than 4 decimals", whole);
            g_test_fail();
        }
        n++;
        g_match_info_next(match, NULL);
    }
    g_assert_cmpuint(n, ==, 2 * (N_PLACES + N_LANDMARKS));
}

static void test_counts(void)
{
    guint places = 0, landmarks = 0, small = 0, easy = 0;
    guint per_state[G_N_ELEMENTS(states)] = {0};

    load_shipped();
    for (guint i = 0; i < shipped_cards->len; i++) {
        const Card *c = &g_array_index(shipped_cards, Card, i);

        if (c->difficulty < 3)
            easy++;
        if (!c->place) {
            landmarks++;
            continue;
        }
        places++;
        if (c->population < SMALL_TOWN)
            small++;
        for (guint s = 0; s < G_N_ELEMENTS(states); s++)
            if (strcmp(c->state, states[s]) == 0)
                per_state[s]++;
    }
    /* RULES.md: Ausgerechnet Buxtehude: 200 place cards (180 places, 20 landmarks). */
    g_assert_cmpuint(places, ==, N_PLACES);
    g_assert_cmpuint(landmarks, ==, N_LANDMARKS);
    for (guint s = 0; s < G_N_ELEMENTS(states); s++) {
        if (per_state[s] == 0) {
            g_test_message("no place in %s", states[s]);
            g_test_fail();
        }
    }
    /* All sizes, from Berlin down to small towns like Buxtehude: about a third below 50,000. */
    g_test_message("%u of %u places below %d inhabitants", small, places, SMALL_TOWN);
    g_assert_cmpuint(small * 3, >=, places);
    g_test_message("%u cards of difficulty 1-2", easy);
    g_assert_cmpuint(easy, >=, MIN_EASY_CARDS);
    /* Each difficulty is used, or the easy deck would be all or nothing. */
    for (int d = 1; d <= 3; d++) {
        guint n = 0;

        for (guint i = 0; i < shipped_cards->len; i++)
            n += g_array_index(shipped_cards, Card, i).difficulty == d;
        g_assert_cmpuint(n, >=, 20);
    }
}

/* Every point lies in Germany. The outline is Natural Earth 1:10m, whose coast and border
 * are simplified by up to about a kilometre: the centres of Konstanz (on the lake and the Swiss
 * border), Helgoland and Görlitz (on the Neisse) lie 0.4-1.1 km outside it, so allow 2 km. */
static void test_inside_germany(void)
{
    load_shipped();
    for (guint i = 0; i < shipped_cards->len; i++) {
        const Card *c = &g_array_index(shipped_cards, Card, i);

        if (!lp_test_point_in_germany(c->lat, c->lon, 2.0)) {
            g_test_message("%s (%.4f, %.4f) lies %.1f km outside Germany", c->id, c->lat, c->lon,
                           lp_test_distance_to_border_km(c->lat, c->lon));
            g_test_fail();
        }
    }
}

/* Every place from GeoNames is within 2 km of its GeoNames coordinates (the committed
 * extract data/geo/geonames-buxtehude.json), in the state of its GeoNames admin1 code,
 * and the extract holds no row that no card uses. */
static void test_geonames(void)
{
    g_autofree char *text = lp_test_read_source_file("data/geo/geonames-buxtehude.json");
    g_autoptr(JsonNode) root = lp_test_parse_or_die(text, "data/geo/geonames-buxtehude.json");
    JsonArray *rows = json_object_get_array_member(json_node_get_object(root), "places");
    g_autoptr(GHashTable) by_id = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    guint used = 0;

    g_assert_nonnull(rows);
    for (guint i = 0; i < json_array_get_length(rows); i++) {
        JsonObject *row = json_array_get_object_element(rows, i);
        gint64 *key = g_new(gint64, 1);

        *key = json_object_get_int_member(row, "geonames_id");
        g_hash_table_insert(by_id, key, row);
    }

    load_shipped();
    for (guint i = 0; i < shipped_cards->len; i++) {
        const Card *c = &g_array_index(shipped_cards, Card, i);
        JsonObject *row;
        double d;
        const char *admin1;

        if (!c->place)
            continue;
        row = g_hash_table_lookup(by_id, &c->geonames_id);
        if (row == NULL) {
            g_test_message("%s: GeoNames %" G_GINT64_FORMAT " is not in the extract", c->id,
                           c->geonames_id);
            g_test_fail();
            continue;
        }
        used++;
        d = lp_test_distance_km(c->lat, c->lon, json_object_get_double_member(row, "lat"),
                                json_object_get_double_member(row, "lon"));
        if (d > 2.0) {
            g_test_message("%s lies %.1f km from GeoNames %s", c->id, d,
                           json_object_get_string_member(row, "name"));
            g_test_fail();
        }
        admin1 = json_object_get_string_member(row, "admin1");
        for (guint s = 0; s < G_N_ELEMENTS(states); s++) {
            if (strcmp(c->state, states[s]) == 0 && strcmp(admin1, geonames_admin1[s]) != 0) {
                g_test_message("%s is in %s, GeoNames says admin1 %s", c->id, c->state, admin1);
                g_test_fail();
            }
        }
        /* A city section (PPLX) has another centre and other figures than its town. */
        if (g_str_equal(json_object_get_string_member(row, "feature_code"), "PPLX")) {
            g_test_message("%s is a city section in GeoNames", c->id);
            g_test_fail();
        }
    }
    g_assert_cmpuint(used, ==, N_PLACES);
    g_assert_cmpuint(json_array_get_length(rows), ==, N_PLACES);
}

/* Coordinates, figures and states known independently of the generator's sources. */
static void test_known_places(void)
{
    static const struct {
        const char *id;
        double lat, lon, max_km;
        const char *state;
    } known[] = {
        {"buxtehude", 53.47, 9.70, 2.0, "DE-NI"},
        {"berlin", 52.520, 13.405, 2.0, "DE-BE"},
        {"hamburg", 53.551, 9.994, 2.0, "DE-HH"},
        {"muenchen", 48.137, 11.575, 2.0, "DE-BY"},
        {"koeln", 50.938, 6.960, 2.0, "DE-NW"},
        {"frankfurt-am-main", 50.110, 8.682, 2.0, "DE-HE"},
        {"dresden", 51.050, 13.738, 2.0, "DE-SN"},
        {"kiel", 54.323, 10.123, 2.0, "DE-SH"},
        {"saarbruecken", 49.234, 6.997, 2.0, "DE-SL"},
        {"zugspitze", 47.4211, 10.9853, 0.5, "DE-BY"},
        {"brandenburger-tor", 52.5163, 13.3777, 0.3, "DE-BE"},
        {"kap-arkona", 54.679, 13.433, 1.0, "DE-MV"},
        {"brocken", 51.799, 10.616, 0.5, "DE-ST"},
    };
    const Card *c;

    for (guint i = 0; i < G_N_ELEMENTS(known); i++) {
        double d;

        c = find_card(known[i].id);
        if (c == NULL)
            continue;
        d = lp_test_distance_km(c->lat, c->lon, known[i].lat, known[i].lon);
        if (d > known[i].max_km) {
            g_test_message("%s is %.2f km from %.4f, %.4f", c->id, d, known[i].lat, known[i].lon);
            g_test_fail();
        }
        g_assert_cmpstr(c->state, ==, known[i].state);
    }

    /* Figures as printed on the cards (Destatis for independent cities). */
    c = find_card("berlin");
    g_assert_nonnull(c);
    g_assert_cmpint(c->population, >, 3300000);
    g_assert_cmpint(c->population, <, 4000000);
    g_assert_cmpfloat_with_epsilon(c->area_km2, 891.1, 1.0);
    c = find_card("buxtehude");
    g_assert_nonnull(c);
    g_assert_cmpint(c->population, >, 30000);
    g_assert_cmpint(c->population, <, SMALL_TOWN);
    g_assert_cmpfloat_with_epsilon(c->area_km2, 76.4, 1.0);
    g_assert_cmpint(c->geonames_id, ==, 2940451);
    c = find_card("muenchen");
    g_assert_nonnull(c);
    g_assert_cmpstr(c->name_en, ==, "Munich");
    g_assert_cmpint(c->population, >, 1200000);
    c = find_card("koeln");
    g_assert_nonnull(c);
    g_assert_cmpstr(c->name_en, ==, "Cologne");
}

/* The deck's extremes are Germany's: Flensburg in the north, Oberstdorf (Germany's southernmost
 * municipality) in the south, Aachen in the west, Görlitz in the east. A swapped or mistyped
 * coordinate tends to show up here first. */
static void test_extremes(void)
{
    const Card *north = NULL, *south = NULL, *west = NULL, *east = NULL;

    load_shipped();
    for (guint i = 0; i < shipped_cards->len; i++) {
        const Card *c = &g_array_index(shipped_cards, Card, i);

        if (!c->place)
            continue;
        if (north == NULL || c->lat > north->lat)
            north = c;
        if (south == NULL || c->lat < south->lat)
            south = c;
        if (west == NULL || c->lon < west->lon)
            west = c;
        if (east == NULL || c->lon > east->lon)
            east = c;
    }
    g_assert_nonnull(north);
    g_assert_cmpstr(north->id, ==, "flensburg");
    g_assert_cmpstr(south->id, ==, "oberstdorf");
    g_assert_cmpstr(west->id, ==, "aachen");
    g_assert_cmpstr(east->id, ==, "goerlitz");
}

/* ------------------------------------------------------------------------- */
/* Broken decks: each is the shipped deck with one change, and must be rejected with a
 * message that names the card and the field. */

typedef enum { REMOVE, SET_STRING, SET_INT, SET_DOUBLE } Change;

static JsonObject *card_by_id(JsonNode *root, const char *id)
{
    JsonArray *cards = json_object_get_array_member(json_node_get_object(root), "cards");

    for (guint i = 0; i < json_array_get_length(cards); i++) {
        JsonObject *o = json_array_get_object_element(cards, i);

        if (g_strcmp0(member_string(o, "id"), id) == 0)
            return o;
    }
    g_error("no card %s", id);
}

static void expect_rejected(const char *card_id, const char *field, Change change,
                            const char *s, gint64 n, double d, const char *blamed_id)
{
    g_autoptr(JsonNode) root = lp_test_parse_or_die(deck_text(), "data/buxtehude-cards.json");
    JsonObject *card = card_by_id(root, card_id);
    g_autoptr(GPtrArray) problems = NULL;
    g_autofree char *quoted = g_strdup_printf("“%s”", field);
    gboolean named = FALSE;

    switch (change) {
    case REMOVE:
        json_object_remove_member(card, field);
        break;
    case SET_STRING:
        json_object_set_string_member(card, field, s);
        break;
    case SET_INT:
        json_object_set_int_member(card, field, n);
        break;
    case SET_DOUBLE:
        json_object_set_double_member(card, field, d);
        break;
    }
    problems = deck_problems(root);
    for (guint i = 0; i < problems->len; i++) {
        const char *p = problems->pdata[i];

        named |= strstr(p, blamed_id) != NULL && strstr(p, quoted) != NULL;
    }
    if (!named) {
        g_test_message("changing %s of %s: no message names %s and %s (%u messages)", field,
                       card_id, blamed_id, quoted, problems->len);
        for (guint i = 0; i < problems->len; i++)
            g_test_message("  %s", (char *)problems->pdata[i]);
        g_test_fail();
    }
}

static void test_broken_decks(void)
{
    static const char *const place_fields[] = {"kind", "name_de", "lat", "lon", "state",
                                               "population", "area_km2", "difficulty",
                                               "geonames_id"};
    static const char *const landmark_fields[] = {"kind", "name_de", "lat", "lon", "state",
                                                  "description_de", "description_en",
                                                  "difficulty"};

    for (guint i = 0; i < G_N_ELEMENTS(place_fields); i++)
        expect_rejected("buxtehude", place_fields[i], REMOVE, NULL, 0, 0, "buxtehude");
    for (guint i = 0; i < G_N_ELEMENTS(landmark_fields); i++)
        expect_rejected("zugspitze", landmark_fields[i], REMOVE, NULL, 0, 0, "zugspitze");

    expect_rejected("buxtehude", "lat", SET_DOUBLE, NULL, 0, 60.1, "buxtehude");
    expect_rejected("buxtehude", "lon", SET_STRING, "9.6864", 0, 0, "buxtehude");
    expect_rejected("buxtehude", "lon", SET_INT, NULL, 9, 0, "buxtehude");
    expect_rejected("buxtehude", "state", SET_STRING, "DE-XX", 0, 0, "buxtehude");
    expect_rejected("buxtehude", "difficulty", SET_INT, NULL, 4, 0, "buxtehude");
    expect_rejected("buxtehude", "population", SET_INT, NULL, -5, 0, "buxtehude");
    expect_rejected("buxtehude", "area_km2", SET_DOUBLE, NULL, 0, 0.0, "buxtehude");
    expect_rejected("buxtehude", "kind", SET_STRING, "town", 0, 0, "buxtehude");
    expect_rejected("buxtehude", "name_de", SET_STRING, "", 0, 0, "buxtehude");
    expect_rejected("buxtehude", "name_en", SET_STRING, "Buxtehude", 0, 0, "buxtehude");
    expect_rejected("buxtehude", "description_de", SET_STRING, "Eine Stadt", 0, 0, "buxtehude");
    expect_rejected("zugspitze", "population", SET_INT, NULL, 1, 0, "zugspitze");
    expect_rejected("zugspitze", "description_en", SET_INT, NULL, 1, 0, "zugspitze");
    /* A malformed id: the card is named by its position and the bad id. */
    expect_rejected("buxtehude", "id", SET_STRING, "Bux Tehude", 0, 0, "Bux Tehude");
    /* Duplicates name the second card. */
    expect_rejected("kiel", "id", SET_STRING, "buxtehude", 0, 0, "buxtehude");
    expect_rejected("stade", "name_de", SET_STRING, "Buxtehude", 0, 0, "stade");
    expect_rejected("muenchen", "name_en", SET_STRING, "Nuremberg", 0, 0, "muenchen");
    expect_rejected("stade", "geonames_id", SET_INT, NULL, 2940451, 0, "stade");
}

int main(int argc, char **argv)
{
    int status;

    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/buxtehude-data/fields", test_fields);
    g_test_add_func("/buxtehude-data/decimals", test_decimals);
    g_test_add_func("/buxtehude-data/counts", test_counts);
    g_test_add_func("/buxtehude-data/inside-germany", test_inside_germany);
    g_test_add_func("/buxtehude-data/geonames", test_geonames);
    g_test_add_func("/buxtehude-data/known-places", test_known_places);
    g_test_add_func("/buxtehude-data/extremes", test_extremes);
    g_test_add_func("/buxtehude-data/broken-decks", test_broken_decks);
    status = g_test_run();

    g_clear_pointer(&shipped_cards, g_array_unref);
    g_clear_pointer(&shipped_root, json_node_unref);
    return status;
}
