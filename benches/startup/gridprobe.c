/* The screen probe of the start-up bench (measure.mjs): polls the X screen and says when a 9x9
 * grid is drawn on it.
 *
 *   gridprobe [-i interval_ms] [-t timeout_ms] [-o frame.ppm]
 *
 * Prints "clear <ns>" once the screen holds no grid (it waits for that: the app of the run
 * before is gone), then polls every interval: "window <ns>" when the first non-black pixel shows
 * (a window was mapped and painted; the root of Xvfb is black), "grid <ns> <x> <y> <side>" when
 * a grid is on the screen, and exits 0; "timeout" and exit 2 if none came. <ns> is
 * CLOCK_MONOTONIC, the clock of node's process.hrtime. With -o, the frame in which the grid was
 * found is written as a PPM (measure.mjs turns it into a PNG, to look at).
 *
 * A grid: at least 10 horizontal lines of the same start and length, at least 10 vertical ones
 * of the same start and length, the same length both ways (a square). A line is a run of at
 * least MIN_LINE "ink" pixels: neither paper (light) nor the root's black. One XGetImage of the
 * whole screen is a few milliseconds; the scan is linear.
 *
 * Build: cc -O2 -o gridprobe gridprobe.c -lX11 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MIN_LINE 150
#define MAX_LINES 4096

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int W, H;
static XImage *frame;     /* the last screen grabbed */
static unsigned char *ink; /* W*H: 1 where the pixel is ink */
static int coloured;       /* the last frame has a pixel that is not black */

static unsigned long pixel(int x, int y) {
    if (frame->bits_per_pixel == 32) return ((unsigned int *)(frame->data + (long)y * frame->bytes_per_line))[x];
    return XGetPixel(frame, x, y);
}

static void grab(Display *d, Window root) {
    if (frame) XDestroyImage(frame);
    frame = XGetImage(d, root, 0, 0, W, H, AllPlanes, ZPixmap);
    if (!frame) { fprintf(stderr, "gridprobe: XGetImage failed\n"); exit(3); }
    coloured = 0;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            unsigned long p = pixel(x, y);
            unsigned r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            unsigned luma = (299 * r + 587 * g + 114 * b) / 1000;
            coloured |= (r | g | b) > 8;
            ink[y * W + x] = luma >= 16 && luma < 200;
        }
    }
}

static int any_colour(void) { return coloured; }

typedef struct { int start, len; } Run;

/* For each row (horizontal: along x) or column, the longest run of ink; rows whose longest run
 * is a line are grouped (adjacent rows = one thick line); returns the number of lines that share
 * the most common (start, len), +-tol, and that start and length. */
static int lines(int horizontal, int *start, int *len, int *first, int *last) {
    int outer = horizontal ? H : W, inner = horizontal ? W : H;
    static Run best[8192];
    for (int o = 0; o < outer; o++) {
        int run = 0, bs = 0, bl = 0;
        for (int i = 0; i < inner; i++) {
            int v = horizontal ? ink[o * W + i] : ink[i * W + o];
            if (v) { run++; if (run > bl) { bl = run; bs = i - run + 1; } } else run = 0;
        }
        best[o] = (Run){bs, bl};
    }
    /* Group adjacent line rows into lines, each line keeping its longest run. */
    static Run found[MAX_LINES];
    static int at[MAX_LINES];
    int n = 0;
    for (int o = 0; o < outer && n < MAX_LINES; o++) {
        if (best[o].len < MIN_LINE) continue;
        if (n > 0 && at[n - 1] == o - 1) {
            if (best[o].len > found[n - 1].len) found[n - 1] = best[o];
            at[n - 1] = o;
            continue;
        }
        found[n] = best[o];
        at[n] = o;
        n++;
    }
    int tol = 4, top = 0;
    for (int a = 0; a < n; a++) {
        int c = 0, lo = 1 << 30, hi = -1;
        for (int b = 0; b < n; b++) {
            if (abs(found[a].start - found[b].start) <= tol && abs(found[a].len - found[b].len) <= tol) {
                c++;
                if (at[b] < lo) lo = at[b];
                if (at[b] > hi) hi = at[b];
            }
        }
        if (c > top) { top = c; *start = found[a].start; *len = found[a].len; *first = lo; *last = hi; }
    }
    return top;
}

static int grid(int *gx, int *gy, int *side) {
    int hs = 0, hl = 0, hf = 0, hz = 0, vs = 0, vl = 0, vf = 0, vz = 0;
    if (lines(1, &hs, &hl, &hf, &hz) < 10) return 0;
    if (lines(0, &vs, &vl, &vf, &vz) < 10) return 0;
    /* A square: the horizontal lines are as long as the vertical ones, and they span each other. */
    if (abs(hl - vl) > 8 || abs((hz - hf) - hl) > 12 || abs((vz - vf) - vl) > 12) return 0;
    *gx = hs; *gy = vs; *side = hl;
    return 1;
}

static void write_ppm(const char *path) {
    FILE *f = fopen(path, "wb");
    if (!f) return;
    fprintf(f, "P6\n%d %d\n255\n", W, H);
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            unsigned long p = pixel(x, y);
            unsigned char o[3] = {(p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff};
            fwrite(o, 1, 3, f);
        }
    }
    fclose(f);
}

int main(int argc, char **argv) {
    int interval = 20, timeout = 20000;
    const char *out = NULL;
    int c;
    while ((c = getopt(argc, argv, "i:t:o:")) != -1) {
        if (c == 'i') interval = atoi(optarg);
        else if (c == 't') timeout = atoi(optarg);
        else if (c == 'o') out = optarg;
        else return 64;
    }
    Display *d = XOpenDisplay(NULL);
    if (!d) { fprintf(stderr, "gridprobe: no display\n"); return 3; }
    Window root = DefaultRootWindow(d);
    XWindowAttributes wa;
    XGetWindowAttributes(d, root, &wa);
    W = wa.width; H = wa.height;
    ink = malloc((size_t)W * H);
    int gx, gy, side;
    long long t0 = now_ns();
    for (;;) {
        grab(d, root);
        if (!grid(&gx, &gy, &side) && !any_colour()) break;
        if (now_ns() - t0 > (long long)timeout * 1000000LL) { puts("timeout"); return 2; }
        usleep(interval * 1000);
    }
    printf("clear %lld\n", now_ns());
    fflush(stdout);
    int seen = 0;
    t0 = now_ns();
    for (;;) {
        long long t = now_ns();
        grab(d, root);
        if (!seen && any_colour()) { seen = 1; printf("window %lld\n", t); fflush(stdout); }
        if (grid(&gx, &gy, &side)) {
            printf("grid %lld %d %d %d\n", t, gx, gy, side);
            fflush(stdout);
            if (out) write_ppm(out);
            return 0;
        }
        if (t - t0 > (long long)timeout * 1000000LL) { puts("timeout"); return 2; }
        long long spent = (now_ns() - t) / 1000;
        if (spent < interval * 1000) usleep(interval * 1000 - spent);
    }
}
