/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Strict JSON member readers whose errors name the member, for loading saves and decks. */
#include "lp-json.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lp-error.h"

static JsonNode *member(JsonObject *obj, const char *name, GError **error)
{
    JsonNode *node = obj != NULL ? json_object_get_member(obj, name) : NULL;
    if (node == NULL)
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_MISSING_FIELD,
                    _("“%s” is missing"), name);
    return node;
}

gboolean lp_json_get_object(JsonObject *obj, const char *name, JsonObject **out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be an object"), name);
        return FALSE;
    }
    *out = json_node_get_object(node);
    return TRUE;
}

gboolean lp_json_get_array(JsonObject *obj, const char *name, JsonArray **out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    if (!JSON_NODE_HOLDS_ARRAY(node)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be a list"), name);
        return FALSE;
    }
    *out = json_node_get_array(node);
    return TRUE;
}

static gboolean node_int(JsonNode *node, gint64 *out)
{
    if (!JSON_NODE_HOLDS_VALUE(node))
        return FALSE;
    GType t = json_node_get_value_type(node);
    if (t == G_TYPE_INT64) {
        *out = json_node_get_int(node);
        return TRUE;
    }
    if (t == G_TYPE_DOUBLE) {
        double d = json_node_get_double(node);
        if (d == (double)(gint64)d && d > -9e15 && d < 9e15) {
            *out = (gint64)d;
            return TRUE;
        }
    }
    return FALSE;
}

gboolean lp_json_get_int(JsonObject *obj, const char *name, gint64 min, gint64 max, gint64 *out,
                         GError **error)
{
    JsonNode *node = member(obj, name, error);
    gint64 v;
    if (node == NULL)
        return FALSE;
    if (!node_int(node, &v) || v < min || v > max) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be a whole number from %lld to %lld"), name, (long long)min,
                    (long long)max);
        return FALSE;
    }
    *out = v;
    return TRUE;
}

gboolean lp_json_get_double(JsonObject *obj, const char *name, double min, double max,
                            double *out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    GType t = JSON_NODE_HOLDS_VALUE(node) ? json_node_get_value_type(node) : G_TYPE_INVALID;
    double v = t == G_TYPE_DOUBLE ? json_node_get_double(node)
               : t == G_TYPE_INT64 ? (double)json_node_get_int(node)
                                   : NAN;
    if (!(v >= min && v <= max)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be a number from %g to %g"), name, min, max);
        return FALSE;
    }
    *out = v;
    return TRUE;
}

gboolean lp_json_get_bool(JsonObject *obj, const char *name, gboolean *out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_BOOLEAN) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be true or false"), name);
        return FALSE;
    }
    *out = json_node_get_boolean(node);
    return TRUE;
}

gboolean lp_json_get_string(JsonObject *obj, const char *name, const char **out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_STRING ||
        *json_node_get_string(node) == '\0') {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be a non-empty text"), name);
        return FALSE;
    }
    *out = json_node_get_string(node);
    return TRUE;
}

const char *lp_enum_to_nick(GType enum_type, int value)
{
    g_return_val_if_fail(G_TYPE_IS_ENUM(enum_type), NULL);
    g_autoptr(GEnumClass) klass = g_type_class_ref(enum_type);
    GEnumValue *v = g_enum_get_value(klass, value);
    /* Nicks are static strings of the registered type, which is never unloaded. */
    return v != NULL ? v->value_nick : NULL;
}

gboolean lp_enum_from_nick(GType enum_type, const char *nick, int *out)
{
    g_return_val_if_fail(G_TYPE_IS_ENUM(enum_type), FALSE);
    if (nick == NULL)
        return FALSE;
    g_autoptr(GEnumClass) klass = g_type_class_ref(enum_type);
    GEnumValue *v = g_enum_get_value_by_nick(klass, nick);
    if (v == NULL)
        return FALSE;
    *out = v->value;
    return TRUE;
}

gboolean lp_json_get_enum(JsonObject *obj, const char *name, GType enum_type, int *out,
                          GError **error)
{
    const char *nick = NULL;
    if (!lp_json_get_string(obj, name, &nick, error))
        return FALSE;
    if (lp_enum_from_nick(enum_type, nick, out))
        return TRUE;
    g_autoptr(GEnumClass) klass = g_type_class_ref(enum_type);
    g_autoptr(GString) nicks = g_string_new(NULL);
    for (guint i = 0; i < klass->n_values; i++) {
        if (i > 0)
            /* Translators: joins the words a saved value may be, as in “place, challenge”. */
            g_string_append(nicks, _(", "));
        g_string_append_printf(nicks, "“%s”", klass->values[i].value_nick);
    }
    g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                _("“%s” must be one of %s"), name, nicks->str);
    return FALSE;
}

gboolean lp_json_array_get_int(JsonArray *array, guint index, const char *what, gint64 min,
                               gint64 max, gint64 *out, GError **error)
{
    gint64 v;
    if (index >= json_array_get_length(array) ||
        !node_int(json_array_get_element(array, index), &v) || v < min || v > max) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("entry %u of “%s” must be a whole number from %lld to %lld"), index + 1,
                    what, (long long)min, (long long)max);
        return FALSE;
    }
    *out = v;
    return TRUE;
}

gboolean lp_json_array_get_string(JsonArray *array, guint index, const char *what,
                                  const char **out, GError **error)
{
    JsonNode *node = index < json_array_get_length(array)
                         ? json_array_get_element(array, index)
                         : NULL;
    if (node == NULL || !JSON_NODE_HOLDS_VALUE(node) ||
        json_node_get_value_type(node) != G_TYPE_STRING) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("entry %u of “%s” must be a text"), index + 1, what);
        return FALSE;
    }
    *out = json_node_get_string(node);
    return TRUE;
}

/* json-glib's parser recurses once per bracket: a hand-edited file of 100,000 "[" would
 * overflow the stack. Nothing Landpartie writes is nested deeper than a few levels. */
#define MAX_DEPTH 64

static gboolean nesting_ok(const char *data, gsize length)
{
    guint depth = 0;
    gboolean in_string = FALSE;
    for (gsize i = 0; i < length; i++) {
        char c = data[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = FALSE;
        } else if (c == '"') {
            in_string = TRUE;
        } else if (c == '[' || c == '{') {
            if (++depth > MAX_DEPTH)
                return FALSE;
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
    }
    return TRUE;
}

JsonNode *lp_json_parse(const char *data, gssize length, GError **error)
{
    gsize len = length < 0 ? strlen(data) : (gsize)length;
    if (!nesting_ok(data, len)) {
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data is nested more than %d levels deep"), MAX_DEPTH);
        return NULL;
    }
    g_autoptr(JsonParser) parser = json_parser_new_immutable();
    if (!json_parser_load_from_data(parser, data, length, error))
        return NULL;
    JsonNode *root = json_parser_get_root(parser);
    if (root == NULL) {
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the document is empty"));
        return NULL;
    }
    return json_node_copy(root);
}

JsonNode *lp_json_load_resource(const char *resource_path, GError **error)
{
    g_autoptr(GBytes) bytes = g_resources_lookup_data(resource_path, 0, error);
    if (bytes == NULL)
        return NULL;
    gsize len;
    const char *data = g_bytes_get_data(bytes, &len);
    g_autoptr(GError) local = NULL;
    JsonNode *node = lp_json_parse(data, (gssize)len, &local);
    if (node == NULL) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, _("%s is not valid JSON: %s"),
                    resource_path, local->message);
        return NULL;
    }
    return node;
}

char *lp_json_to_string(JsonNode *node, gboolean pretty)
{
    g_autoptr(JsonGenerator) gen = json_generator_new();
    json_generator_set_pretty(gen, pretty);
    json_generator_set_indent(gen, 2);
    json_generator_set_root(gen, node);
    return json_generator_to_data(gen, NULL);
}

JsonArray *lp_json_int_array(const int *values, guint n)
{
    JsonArray *array = json_array_sized_new(n);
    for (guint i = 0; i < n; i++)
        json_array_add_int_element(array, values[i]);
    return array;
}
