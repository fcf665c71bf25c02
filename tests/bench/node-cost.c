/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A developer's tool for issue 14: what a renderer spends a frame on. It reads a render node
 * written by landpartie-bench (LANDPARTIE_BENCH_NODE=<file>, see tests/bench/lp-bench-mode.c)
 * and renders it with the renderer GSK_RENDERER picks, then each subtree alone, printing the
 * least CPU time over the runs (renderer threads included) of each subtree that costs more
 * than --min ms. Into a texture, so the read-back is in each figure (the one-colour frame
 * shows how much); good for finding the big items, not for small differences:
 *
 *   node-cost FILE [--depth N] [--min MS] [--runs N] [--png OUT]
 *
 * --png writes the whole frame as that renderer draws it, to compare two versions by pixels.
 */
#include <gtk/gtk.h>
#include <stdlib.h>
#include <time.h>

static GskRenderer *renderer;
static graphene_rect_t viewport;
static int runs = 5;
static double min_ms = 1.0;
static int max_depth = 12;
static double empty_ms;
static const char *png;

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median CPU time of rendering node into a texture of the whole frame. */
static double cost(GskRenderNode *node)
{
    double t[32];
    int n = MIN(runs, 32);
    /* The first render fills the renderer's caches (glyphs, textures), as earlier frames do. */
    g_object_unref(gsk_renderer_render_texture(renderer, node, &viewport));
    for (int i = 0; i < n; i++) {
        double start = cpu_ms();
        g_object_unref(gsk_renderer_render_texture(renderer, node, &viewport));
        t[i] = cpu_ms() - start;
    }
    qsort(t, n, sizeof(double), compare_doubles);
    return t[0]; /* the least disturbed run: the machine is shared */
}

static const char *type_name(GskRenderNode *node)
{
    static const char *const names[] = {
        "not-a-node", "container", "cairo", "color", "linear-gradient",
        "repeating-linear-gradient", "radial-gradient", "repeating-radial-gradient",
        "conic-gradient", "border", "texture", "inset-shadow", "outset-shadow", "transform",
        "opacity", "color-matrix", "repeat", "clip", "rounded-clip", "shadow", "blend",
        "cross-fade", "text", "blur", "debug", "gl-shader"};
    guint t = gsk_render_node_get_node_type(node);
    return t < G_N_ELEMENTS(names) ? names[t] : "?";
}

static void children(GskRenderNode *node, GPtrArray *out)
{
    switch (gsk_render_node_get_node_type(node)) {
    case GSK_CONTAINER_NODE:
        for (guint i = 0; i < gsk_container_node_get_n_children(node); i++)
            g_ptr_array_add(out, gsk_container_node_get_child(node, i));
        break;
    case GSK_TRANSFORM_NODE:
        g_ptr_array_add(out, gsk_transform_node_get_child(node));
        break;
    case GSK_OPACITY_NODE:
        g_ptr_array_add(out, gsk_opacity_node_get_child(node));
        break;
    case GSK_COLOR_MATRIX_NODE:
        g_ptr_array_add(out, gsk_color_matrix_node_get_child(node));
        break;
    case GSK_REPEAT_NODE:
        g_ptr_array_add(out, gsk_repeat_node_get_child(node));
        break;
    case GSK_CLIP_NODE:
        g_ptr_array_add(out, gsk_clip_node_get_child(node));
        break;
    case GSK_ROUNDED_CLIP_NODE:
        g_ptr_array_add(out, gsk_rounded_clip_node_get_child(node));
        break;
    case GSK_SHADOW_NODE:
        g_ptr_array_add(out, gsk_shadow_node_get_child(node));
        break;
    case GSK_BLUR_NODE:
        g_ptr_array_add(out, gsk_blur_node_get_child(node));
        break;
    case GSK_DEBUG_NODE:
        g_ptr_array_add(out, gsk_debug_node_get_child(node));
        break;
    case GSK_BLEND_NODE:
        g_ptr_array_add(out, gsk_blend_node_get_bottom_child(node));
        g_ptr_array_add(out, gsk_blend_node_get_top_child(node));
        break;
    case GSK_CROSS_FADE_NODE:
        g_ptr_array_add(out, gsk_cross_fade_node_get_start_child(node));
        g_ptr_array_add(out, gsk_cross_fade_node_get_end_child(node));
        break;
    default:
        break;
    }
}

static void report(GskRenderNode *node, int depth, const char *path)
{
    double ms = cost(node) - empty_ms;
    graphene_rect_t b;
    gsk_render_node_get_bounds(node, &b);
    if (ms < min_ms && depth > 0)
        return;
    g_autofree char *extra = NULL;
    if (gsk_render_node_get_node_type(node) == GSK_DEBUG_NODE)
        extra = g_strdup_printf(" \"%s\"", gsk_debug_node_get_message(node));
    else if (gsk_render_node_get_node_type(node) == GSK_OPACITY_NODE)
        extra = g_strdup_printf(" %.2f", gsk_opacity_node_get_opacity(node));
    printf("%*s%-14s %7.2f ms  %4.0f×%-4.0f at %.0f,%.0f  %s%s\n", depth * 2, "", type_name(node),
           ms, b.size.width, b.size.height, b.origin.x, b.origin.y, path, extra ? extra : "");
    if (depth >= max_depth)
        return;
    g_autoptr(GPtrArray) kids = g_ptr_array_new();
    children(node, kids);
    for (guint i = 0; i < kids->len; i++) {
        g_autofree char *sub = g_strdup_printf("%s/%u", path, i);
        report(kids->pdata[i], depth + 1, sub);
    }
}

int main(int argc, char **argv)
{
    gtk_init();
    if (argc < 2) {
        g_printerr("usage: node-cost FILE [--depth N] [--min MS] [--runs N] [--png OUT]\n");
        return 2;
    }
    for (int i = 2; i + 1 < argc; i += 2) {
        if (g_str_equal(argv[i], "--depth"))
            max_depth = atoi(argv[i + 1]);
        else if (g_str_equal(argv[i], "--min"))
            min_ms = g_ascii_strtod(argv[i + 1], NULL);
        else if (g_str_equal(argv[i], "--runs"))
            runs = atoi(argv[i + 1]);
        else if (g_str_equal(argv[i], "--png"))
            png = argv[i + 1];
    }
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;
    gsize len;
    if (!g_file_get_contents(argv[1], &text, &len, &error)) {
        g_printerr("node-cost: %s\n", error->message);
        return 1;
    }
    g_autoptr(GBytes) bytes = g_bytes_new_take(g_steal_pointer(&text), len);
    GskRenderNode *root = gsk_render_node_deserialize(bytes, NULL, NULL);
    if (root == NULL) {
        g_printerr("node-cost: %s is not a render node\n", argv[1]);
        return 1;
    }
    GdkSurface *surface = gdk_surface_new_toplevel(gdk_display_get_default());
    renderer = gsk_renderer_new_for_surface(surface);
    if (renderer == NULL) {
        g_printerr("node-cost: no renderer\n");
        return 1;
    }
    printf("renderer %s\n", G_OBJECT_TYPE_NAME(renderer));
    gsk_render_node_get_bounds(root, &viewport);
    if (png != NULL) {
        g_autoptr(GdkTexture) texture = gsk_renderer_render_texture(renderer, root, &viewport);
        if (!gdk_texture_save_to_png(texture, png)) {
            g_printerr("node-cost: cannot write %s\n", png);
            return 1;
        }
        return 0;
    }
    GdkRGBA white = {1, 1, 1, 1};
    GskRenderNode *empty = gsk_color_node_new(&white, &viewport);
    empty_ms = cost(empty);
    printf("a %.0f×%.0f frame of one colour: %.2f ms (subtracted below)\n",
           viewport.size.width, viewport.size.height, empty_ms);
    report(root, 0, "");
    gsk_render_node_unref(empty);
    gsk_render_node_unref(root);
    gsk_renderer_unrealize(renderer);
    g_object_unref(renderer);
    gdk_surface_destroy(surface);
    return 0;
}
