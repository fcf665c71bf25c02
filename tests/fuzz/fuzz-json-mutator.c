/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A JSON-aware libFuzzer mutator (fuzzing builds only): byte flips almost never keep a save
 * valid JSON, so half of the mutations parse the input and change one thing a hostile or
 * damaged file could hold (a number, a string taken from elsewhere in the file, an array
 * element removed, doubled, swapped or moved to another array, a member dropped), then write
 * it back. What then loads reaches the rules' own checks and the play-on of fuzz-common.c. */
#include "fuzz-common.h"

#include <string.h>

#include "lp-json.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

typedef struct {
    GPtrArray *values;  /* JsonNode* holding a value */
    GPtrArray *arrays;  /* JsonArray* */
    GPtrArray *objects; /* JsonObject* */
    GPtrArray *strings; /* const char*, into the document */
} Parts;

static void collect(JsonNode *node, Parts *parts)
{
    if (JSON_NODE_HOLDS_ARRAY(node)) {
        JsonArray *array = json_node_get_array(node);

        g_ptr_array_add(parts->arrays, array);
        for (guint i = 0; i < json_array_get_length(array); i++)
            collect(json_array_get_element(array, i), parts);
    } else if (JSON_NODE_HOLDS_OBJECT(node)) {
        JsonObjectIter iter;
        const char *member;
        JsonNode *value;

        g_ptr_array_add(parts->objects, json_node_get_object(node));
        json_object_iter_init(&iter, json_node_get_object(node));
        while (json_object_iter_next(&iter, &member, &value))
            collect(value, parts);
    } else if (JSON_NODE_HOLDS_VALUE(node)) {
        g_ptr_array_add(parts->values, node);
        if (json_node_get_value_type(node) == G_TYPE_STRING)
            g_ptr_array_add(parts->strings, (gpointer)json_node_get_string(node));
    }
}

static guint pick(guint32 *state, guint n)
{
    *state = *state * 1664525u + 1013904223u;
    return n > 0 ? (*state >> 8) % n : 0;
}

static void mutate_value(JsonNode *node, Parts *parts, guint32 *state)
{
    static const gint64 edges[] = { 0, 1, -1, 2, 5, 15, 16, 36, 45, 64, 255, 256, 65535,
                                    2147483647, -2147483648LL, 4294967295LL, G_MAXINT64 };
    GType type = json_node_get_value_type(node);

    if (type == G_TYPE_INT64) {
        gint64 v = json_node_get_int(node);

        switch (pick(state, 3)) {
        /* Wrapping on purpose: G_MAXINT64 + 1 is a fine input, not undefined behaviour. */
        case 0: json_node_set_int(node, (gint64)((guint64)v + 1)); break;
        case 1: json_node_set_int(node, (gint64)((guint64)v - 1)); break;
        default: json_node_set_int(node, edges[pick(state, G_N_ELEMENTS(edges))]); break;
        }
    } else if (type == G_TYPE_BOOLEAN) {
        json_node_set_boolean(node, !json_node_get_boolean(node));
    } else if (type == G_TYPE_STRING && parts->strings->len > 0) {
        g_autofree char *s =
            g_strdup(parts->strings->pdata[pick(state, parts->strings->len)]);
        json_node_set_string(node, s);
    }
}

static gboolean mutate_array(JsonArray *array, Parts *parts, guint32 *state)
{
    guint n = json_array_get_length(array);
    guint i = pick(state, n);

    if (n == 0)
        return FALSE;
    switch (pick(state, 4)) {
    case 0:
        json_array_remove_element(array, i);
        break;
    case 1:
        json_array_add_element(array, json_node_copy(json_array_get_element(array, i)));
        break;
    case 2: {
        /* Swap by rebuilding: json-glib has no setter for an element. */
        guint j = pick(state, n);
        g_autoptr(JsonArray) copy = json_array_new();
        for (guint k = 0; k < n; k++)
            json_array_add_element(copy, json_node_copy(json_array_get_element(
                                             array, k == i ? j : k == j ? i : k)));
        while (json_array_get_length(array) > 0)
            json_array_remove_element(array, 0);
        for (guint k = 0; k < n; k++)
            json_array_add_element(array, json_node_copy(json_array_get_element(copy, k)));
        break;
    }
    default: {
        /* Move to another array (a card from the reserve into an arm). */
        JsonArray *to = parts->arrays->pdata[pick(state, parts->arrays->len)];
        if (to == array)
            return FALSE;
        json_array_add_element(to, json_node_copy(json_array_get_element(array, i)));
        json_array_remove_element(array, i);
        break;
    }
    }
    return TRUE;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    guint32 state = seed;
    g_autoptr(JsonNode) root = NULL;
    g_autofree char *text = NULL;
    g_autofree char *out = NULL;
    Parts parts = { 0 };
    gboolean changed = FALSE;
    size_t length;

    if (pick(&state, 2) == 0)
        return LLVMFuzzerMutate(data, size, max_size);
    text = g_strndup((const char *)data, size);
    /* The strict reader first, so json-glib never sees what could overflow its stack; its
     * tree is sealed, so the tree to change comes from a parser of our own. */
    {
        g_autoptr(JsonNode) checked = lp_json_parse(text, (gssize)size, NULL);
        g_autoptr(JsonParser) parser = json_parser_new();

        if (checked == NULL || !json_parser_load_from_data(parser, text, (gssize)size, NULL))
            return LLVMFuzzerMutate(data, size, max_size);
        root = json_node_copy(json_parser_get_root(parser));
    }

    parts.values = g_ptr_array_new();
    parts.arrays = g_ptr_array_new();
    parts.objects = g_ptr_array_new();
    parts.strings = g_ptr_array_new();
    collect(root, &parts);
    for (guint tries = 0; tries < 4 && !changed; tries++) {
        switch (pick(&state, 3)) {
        case 0:
            if (parts.values->len > 0) {
                mutate_value(parts.values->pdata[pick(&state, parts.values->len)], &parts,
                             &state);
                changed = TRUE;
            }
            break;
        case 1:
            if (parts.arrays->len > 0)
                changed = mutate_array(parts.arrays->pdata[pick(&state, parts.arrays->len)],
                                       &parts, &state);
            break;
        default:
            if (parts.objects->len > 0) {
                JsonObject *obj = parts.objects->pdata[pick(&state, parts.objects->len)];
                g_autoptr(GList) members = json_object_get_members(obj);
                guint n = g_list_length(members);

                if (n > 0) {
                    json_object_remove_member(obj, g_list_nth_data(members, pick(&state, n)));
                    changed = TRUE;
                }
            }
            break;
        }
    }
    /* The strings point into the document: done with them before it changes further. */
    g_ptr_array_unref(parts.values);
    g_ptr_array_unref(parts.arrays);
    g_ptr_array_unref(parts.objects);
    g_ptr_array_unref(parts.strings);
    if (!changed)
        return LLVMFuzzerMutate(data, size, max_size);
    out = lp_json_to_string(root, FALSE);
    length = strlen(out);
    if (length > max_size)
        return LLVMFuzzerMutate(data, size, max_size);
    memcpy(data, out, length);
    return length;
}
