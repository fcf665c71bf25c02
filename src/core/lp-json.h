/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Strict readers for JSON members that name the member in their error messages. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* All of these fail with LP_SAVE_ERROR_BAD_VALUE or _MISSING_FIELD and a
 * message such as "“chips” must be a whole number between 0 and 36". */
gboolean lp_json_get_object(JsonObject *obj, const char *member, JsonObject **out, GError **error);
gboolean lp_json_get_array(JsonObject *obj, const char *member, JsonArray **out, GError **error);
gboolean lp_json_get_int(JsonObject *obj, const char *member, gint64 min, gint64 max, gint64 *out,
                         GError **error);
gboolean lp_json_get_double(JsonObject *obj, const char *member, double min, double max,
                            double *out, GError **error);
gboolean lp_json_get_bool(JsonObject *obj, const char *member, gboolean *out, GError **error);
/* out points into obj; not copied. Empty strings are rejected. */
gboolean lp_json_get_string(JsonObject *obj, const char *member, const char **out, GError **error);
/* An enum registered with GLib (gnome.mkenums_simple), saved as its nick ("place",
 * "hard"); fails naming the member and listing the nicks it accepts. */
gboolean lp_json_get_enum(JsonObject *obj, const char *member, GType enum_type, int *out,
                          GError **error);
/* The nick of value in enum_type, for saving and logging; NULL if value is not in it. */
const char *lp_enum_to_nick(GType enum_type, int value);
/* The value of nick in enum_type; FALSE if there is none. */
gboolean lp_enum_from_nick(GType enum_type, const char *nick, int *out);
gboolean lp_json_array_get_int(JsonArray *array, guint index, const char *what, gint64 min,
                               gint64 max, gint64 *out, GError **error);
gboolean lp_json_array_get_string(JsonArray *array, guint index, const char *what,
                                  const char **out, GError **error);

/* The largest document lp_json_parse reads: a saved game is a few KB. */
#define LP_JSON_MAX_SIZE (1024 * 1024)

/* Parse a JSON document from a GResource path (e.g.
 * "/io/github/landpartie/Landpartie/data/buxtehude-cards.json"). */
JsonNode *lp_json_load_resource(const char *resource_path, GError **error);
/* Strict JSON (RFC 8259: no comments, no single quotes, nothing after the value), valid
 * UTF-8 without lone surrogates or NUL, nested at most 64 levels, at most LP_JSON_MAX_SIZE
 * bytes, no object naming a member twice (json-glib would keep the last, other readers the
 * first); checked without recursion before json-glib sees it. Error messages give a line and
 * column, never the bytes of the document. */
JsonNode *lp_json_parse(const char *data, gssize length, GError **error);
/* Pretty or compact, deterministic output (members in insertion order). */
char *lp_json_to_string(JsonNode *node, gboolean pretty);

/* Tiny builders for event objects. */
JsonArray *lp_json_int_array(const int *values, guint n);

G_END_DECLS
