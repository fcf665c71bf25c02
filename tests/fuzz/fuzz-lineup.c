/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz entry point for the remembered line-up (the last-lineup setting), read as the setup
 * page reads it: {"players": [player…], "options": {"buxtehude": true, …}}. Its player
 * list also goes through lp_game_players_from_json, the reader of every save's seats. */
#include "fuzz-common.h"

#include <string.h>

#include "lp-game.h"
#include "lp-json.h"
#include "lp-player.h"

/* A player the loader accepted must be one the app can show and write back unchanged. */
static void check_player(LpPlayer *player)
{
    g_autoptr(JsonNode) node = NULL;
    g_autoptr(LpPlayer) again = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;
    g_autofree char *text_again = NULL;
    const char *colour = lp_player_get_colour(player);
    int age = lp_player_get_age(player);

    fuzz_check_name(lp_player_get_name(player), "a player name");
    if (lp_player_get_name(player) == NULL || *lp_player_get_name(player) == '\0')
        fuzz_fail("a player without a name was accepted");
    if (colour == NULL || strlen(colour) != 7 || colour[0] != '#')
        fuzz_fail("the colour \"%s\" was accepted", colour != NULL ? colour : "(null)");
    if (age != LP_AGE_UNKNOWN && (age < 0 || age > 150))
        fuzz_fail("the age %d was accepted", age);

    node = lp_player_to_json(player);
    text = lp_json_to_string(node, FALSE);
    again = lp_player_from_json(node, &error);
    if (again == NULL)
        fuzz_fail("a player's own JSON is refused: %s\n%s", error->message, text);
    g_clear_pointer(&node, json_node_unref);
    node = lp_player_to_json(again);
    text_again = lp_json_to_string(node, FALSE);
    if (strcmp(text, text_again) != 0)
        fuzz_fail("a player changes on the way back:\n%s\n%s", text, text_again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = NULL;
    /* A GSettings string ends at its first NUL; the setup page parses it with length -1. */
    g_autofree char *text = g_strndup((const char *)data, size);
    /* What lp_setup_page_remember_lineup writes back: the seats it shows, and the boolean
     * options. */
    g_autoptr(JsonNode) back = json_node_new(JSON_NODE_OBJECT);
    JsonObject *back_obj = json_object_new();
    JsonArray *back_players = json_array_new();
    JsonObject *back_options = json_object_new();
    JsonObject *obj;
    JsonNode *node;

    json_object_set_array_member(back_obj, "players", back_players);
    json_object_set_object_member(back_obj, "options", back_options);
    json_node_take_object(back, back_obj);

    fuzz_init();
    root = lp_json_parse(text, -1, &error);
    if (root == NULL) {
        fuzz_check_refusal(error, "the line-up");
        return 0;
    }
    if (!JSON_NODE_HOLDS_OBJECT(root))
        return 0;
    obj = json_node_get_object(root);

    node = json_object_get_member(obj, "players");
    if (node != NULL && JSON_NODE_HOLDS_ARRAY(node)) {
        JsonArray *players = json_node_get_array(node);
        g_autoptr(GPtrArray) seats = NULL;

        for (guint i = 0; i < json_array_get_length(players); i++) {
            g_autoptr(GError) local = NULL;
            g_autoptr(LpPlayer) player =
                lp_player_from_json(json_array_get_element(players, i), &local);

            if (player == NULL) {
                fuzz_check_refusal(local, "a player");
            } else {
                check_player(player);
                json_array_add_element(back_players, lp_player_to_json(player));
            }
        }
        /* The same list as the seats of a save, with the widest range any game has. */
        seats = lp_game_players_from_json(node, 2, 6, &error);
        if (seats == NULL) {
            fuzz_check_refusal(error, "the player list");
        } else {
            for (guint i = 0; i < seats->len; i++)
                check_player(seats->pdata[i]);
        }
    }

    node = json_object_get_member(obj, "options");
    if (node != NULL && JSON_NODE_HOLDS_OBJECT(node)) {
        JsonObjectIter iter;
        const char *member;
        JsonNode *value;

        json_object_iter_init(&iter, json_node_get_object(node));
        while (json_object_iter_next(&iter, &member, &value)) {
            if (JSON_NODE_HOLDS_VALUE(value) &&
                json_node_get_value_type(value) == G_TYPE_BOOLEAN) {
                fuzz_check_text(member, 0, "an option name");
                json_object_set_boolean_member(back_options, member,
                                               json_node_get_boolean(value));
            }
        }
    }

    /* The line-up the page writes back must read again, or it is forgotten. */
    {
        g_autofree char *out = lp_json_to_string(back, FALSE);
        g_autoptr(GError) local = NULL;
        g_autoptr(JsonNode) again = lp_json_parse(out, -1, &local);

        if (again == NULL)
            fuzz_fail("the line-up written back is refused: %s\n%s", local->message, out);
    }
    return 0;
}
