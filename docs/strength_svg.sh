#!/bin/sh
# strength_svg.sh: the sparring history (docs/strength.tsv) as an SVG picture on stdout.
#
#   docs/strength_svg.sh docs/strength.tsv > docs/strength.svg
#
# One panel per board and rule, builds left to right in the file's order, one colour per
# partner: Wuzi's score (wins plus half the draws, over the games) with its 95 % Wilson interval,
# the runs of one build against one partner added together; a dot's area grows with the games.
# Only the sparring conditions (tc 30/0.5) and the default evaluation are drawn (a row of the
# network, `--eval net`, says so at the start of its notes); other rows stay in the table.
# POSIX sh and awk, nothing else.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 STRENGTH.tsv > STRENGTH.svg" >&2; exit 2; }

awk -F '\t' '
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); return s }
function index_of(list, count, value,   i) {
    for (i = 0; i < count; i++) if (list[i] == value) return i
    return -1
}
function y_of(panel, v) { return panel_top[panel] + PH - v * PH }
# The Wilson interval of a score s over n games (z = 1.96); sets LOW and HIGH.
function wilson(s, n,   z, d, centre, half) {
    z = 1.96; d = 1 + z * z / n
    centre = (s + z * z / (2 * n)) / d
    half = z * sqrt(s * (1 - s) / n + z * z / (4 * n * n)) / d
    LOW = centre - half; HIGH = centre + half
    if (LOW < 0) LOW = 0
    if (HIGH > 1) HIGH = 1
}
/^#/ { next }
!header_seen { header_seen = 1; next }
$6 != "30/0.5" { next }
index($10, "--eval net") == 1 { next }
{
    build = $1; partner = $3; panel = $4 " " $5
    if (index_of(builds, nb, build) < 0) { builds[nb] = build; dates[nb] = $2; nb++ }
    if (index_of(partners, np, partner) < 0) partners[np++] = partner
    if (index_of(panels, npanel, panel) < 0) panels[npanel++] = panel
    split($9, wld, "-")
    key = panel SUBSEP partner SUBSEP build
    wins[key] += wld[1]; losses[key] += wld[2]; draws[key] += wld[3]; games[key] += $8
}
END {
    split("#1f77b4 #2ca02c #d62728 #9467bd #ff7f0e #8c564b #e377c2 #7f7f7f", colour, " ")
    W = 980; LEFT = 64; RIGHT = 24; TOP = 74; PH = 190; GAP = 44; BOTTOM = 96
    PW = W - LEFT - RIGHT; step = PW / nb
    for (k = 0; k < npanel; k++) panel_top[k] = TOP + k * (PH + GAP)
    H = TOP + npanel * (PH + GAP) - GAP + BOTTOM
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H
    printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
    printf "<text x=\"%d\" y=\"22\" font-size=\"16\" font-weight=\"bold\">Wuzi against the sparring partners, by build (tc=30/0.5, both colours)</text>\n", LEFT
    printf "<text x=\"%d\" y=\"40\" fill=\"#555\">Wuzi'"'"'s score with its 95 %% interval; a dot'"'"'s area grows with the games; the runs of a build added together</text>\n", LEFT
    x = LEFT
    for (p = 0; p < np; p++) {
        printf "<circle cx=\"%d\" cy=\"56\" r=\"5\" fill=\"%s\"/><text x=\"%d\" y=\"60\">%s</text>\n", x, colour[p + 1], x + 9, esc(partners[p])
        x += 30 + 7 * length(partners[p])
    }
    for (k = 0; k < npanel; k++) {
        top = panel_top[k]
        printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#999\"/>\n", LEFT, top, PW, PH
        for (t = 0; t <= 4; t++) {
            v = t / 4; y = y_of(k, v)
            printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"%s/>\n", LEFT, y, LEFT + PW, y, \
                t == 2 ? "#666" : "#ddd", t == 2 ? " stroke-dasharray=\"5,4\"" : ""
            printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#444\">%.2f</text>\n", LEFT - 6, y + 4, v
        }
        title = panels[k]; sub(/x/, "\\&#215;", title)
        printf "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">%s</text>\n", LEFT + 8, top + 16, title
        for (b = 0; b < nb; b++)
            printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>\n", LEFT + (b + 0.5) * step, top, LEFT + (b + 0.5) * step, top + PH
        for (p = 0; p < np; p++) {
            offset = (p - (np - 1) / 2) * 7
            path = ""
            for (b = 0; b < nb; b++) {
                key = panels[k] SUBSEP partners[p] SUBSEP builds[b]
                if (!(key in games)) continue
                n = games[key]; s = (wins[key] + draws[key] / 2) / n
                cx = LEFT + (b + 0.5) * step + offset
                path = path sprintf(" %.1f,%.1f", cx, y_of(k, s))
            }
            if (path != "")
                printf "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-opacity=\"0.45\" stroke-width=\"1.5\"/>\n", path, colour[p + 1]
            for (b = 0; b < nb; b++) {
                key = panels[k] SUBSEP partners[p] SUBSEP builds[b]
                if (!(key in games)) continue
                n = games[key]; s = (wins[key] + draws[key] / 2) / n
                wilson(s, n)
                cx = LEFT + (b + 0.5) * step + offset
                printf "<g fill=\"%s\" stroke=\"%s\"><title>%s, %s, build %s: %d-%d-%d over %d games, score %.3f (95 %%: %.2f to %.2f)</title>", \
                    colour[p + 1], colour[p + 1], esc(partners[p]), esc(panels[k]), builds[b], wins[key], losses[key], draws[key], n, s, LOW, HIGH
                printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"1.5\"/>", cx, y_of(k, LOW), cx, y_of(k, HIGH)
                printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", \
                    cx - 2.5, y_of(k, LOW), cx + 2.5, y_of(k, LOW), cx - 2.5, y_of(k, HIGH), cx + 2.5, y_of(k, HIGH)
                printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" stroke=\"white\" stroke-width=\"0.8\"/></g>\n", cx, y_of(k, s), 2 + sqrt(n) / 3
            }
        }
    }
    base = TOP + npanel * (PH + GAP) - GAP
    for (b = 0; b < nb; b++) {
        x = LEFT + (b + 0.5) * step
        printf "<text transform=\"translate(%.1f,%d) rotate(-40)\" text-anchor=\"end\"><tspan font-family=\"monospace\">%s</tspan><tspan dx=\"6\" fill=\"#777\" font-size=\"10\">%s</tspan></text>\n", \
            x + 4, base + 16, builds[b], substr(dates[b], 6)
    }
    printf "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\" fill=\"#444\">Wuzi'"'"'s score</text>\n", TOP + (npanel * (PH + GAP) - GAP) / 2, TOP + (npanel * (PH + GAP) - GAP) / 2
    print "</svg>"
}' "$1"
