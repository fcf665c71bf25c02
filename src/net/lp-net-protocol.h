/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The wire protocol of play on several devices (docs/protocol.md): its version, its limits
 * and the strict reading of one inbound message. No GTK, no socket. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* docs/protocol.md: a host and a client speak together only when these are equal. */
#define LP_NET_PROTOCOL_VERSION 1
/* The WebSocket path; "/" is kept for the browser seat. */
#define LP_NET_WS_PATH "/ws"
/* The hello's "client" of the phone page (issue 32) starts with this. */
#define LP_NET_WEB_CLIENT "landpartie-web"
/* The DNS-SD service type of a hosted game. */
#define LP_NET_SERVICE_TYPE "_landpartie._tcp"
/* The port a host listens on when it is free (else any free one), and a joiner assumes
 * when none is typed. */
#define LP_NET_DEFAULT_PORT 47300

/* Limits (issue 31, docs/protocol.md "Limits"). */
#define LP_NET_MAX_MESSAGE (64 * 1024)     /* bytes of one message, either way */
#define LP_NET_MAX_RATE 20                 /* messages per second from one connection */
#define LP_NET_MAX_CONNECTIONS 16          /* open at once */
#define LP_NET_STALL_SECONDS 10            /* silence after a ping that closes a connection */
#define LP_NET_JOIN_SECONDS 10             /* from connecting to a right join code */
#define LP_NET_MAX_STRIKES 5               /* wrong codes from one address … */
#define LP_NET_LOCKOUT_SECONDS 60          /* … shut it out this long */
#define LP_NET_CODE_DIGITS 6
#define LP_NET_TOKEN_HEX 32                /* 128 bits */
#define LP_NET_MAX_ID 64                   /* bytes of an action id */
#define LP_NET_MAX_NAME 24                 /* characters a person sees, as the setup page */

#define LP_NET_ERROR (lp_net_error_quark())
GQuark lp_net_error_quark(void);

/* The "code" member of an error message; the nick is what goes on the wire. */
typedef enum {
    LP_NET_ERROR_BAD_MESSAGE,  /* "bad-message": not JSON, too big, wrong members */
    LP_NET_ERROR_VERSION,      /* "version": another protocol version */
    LP_NET_ERROR_BAD_CODE,     /* "bad-code": the join code is wrong */
    LP_NET_ERROR_LOCKED,       /* "locked": too many wrong codes from this address */
    LP_NET_ERROR_NO_SEAT,      /* "no-seat": no free seat, or not that one */
    LP_NET_ERROR_BAD_TOKEN,    /* "bad-token": no seat has this token */
    LP_NET_ERROR_NOT_JOINED,   /* "not-joined": join first */
    LP_NET_ERROR_REFUSED,      /* "refused": the game refused the action (message says why) */
    LP_NET_ERROR_NOT_STARTED,  /* "not-started": the game waits for its seats */
    LP_NET_ERROR_BUSY,         /* "busy": too many connections or messages */
    LP_NET_ERROR_CLOSED,       /* the connection is gone (never sent) */
} LpNetError;

const char *lp_net_error_to_nick(LpNetError code);
gboolean lp_net_error_from_nick(const char *nick, LpNetError *out);

/* One inbound message: at most LP_NET_MAX_MESSAGE bytes, strict JSON (lp_json_parse: valid
 * UTF-8, bounded depth), an object whose "type" is a non-empty string. On success *type
 * points into the returned node. Errors are LP_NET_ERROR_BAD_MESSAGE with a message that
 * never quotes the bytes received. */
JsonNode *lp_net_message_parse(const char *data, gsize length, const char **type,
                               GError **error);
/* A message of type with the members of body (taken; may be NULL), as compact text. */
char *lp_net_message_build(const char *type, JsonObject *body);
/* An error message {"type":"error","code":nick,"message":text[,"id":id]}. */
char *lp_net_error_message(LpNetError code, const char *message, const char *id);

/* 128 random bits from the kernel (getrandom), as LP_NET_TOKEN_HEX lowercase hex digits;
 * NULL with a G_IO_ERROR when the kernel has none to give. */
char *lp_net_new_token(GError **error);
/* A join code: LP_NET_CODE_DIGITS random digits from the kernel. */
char *lp_net_new_code(GError **error);
/* TRUE when s is LP_NET_CODE_DIGITS ASCII digits / LP_NET_TOKEN_HEX lowercase hex. */
gboolean lp_net_code_is_valid(const char *s);
gboolean lp_net_token_is_valid(const char *s);
/* A name from another device, cleaned as a typed one (lp_player_name_clean: NFC, no
 * control or format characters but the joiners, a few marks a letter) and cut to
 * LP_NET_MAX_NAME characters a person sees; NULL when nothing is left. */
char *lp_net_clean_name(const char *name);
/* Small messages go out at once: no Nagle delay on the connection under stream (a
 * GSocketConnection; anything else is left alone). */
void lp_net_stream_set_nodelay(gpointer io_stream);
/* Compare two NUL-terminated secrets in time that does not depend on where they differ. */
gboolean lp_net_secret_equal(const char *a, const char *b);

G_END_DECLS
