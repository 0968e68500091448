// A driver for nneonneo/2048-ai (https://github.com/nneonneo/2048-ai), compiled by
// packages/ai/src/versus-nneonneo.ts next to a copy of the peer's source, never committed with it.
// The peer's search is used untouched: this file includes 2048.cpp, renames its interactive main
// and plays one seeded game with find_best_move's loop at a fixed depth (state.depth_limit, the
// line score_toplevel_move sets to max(3, distinct tiles - 2)) without its per-move printing.
//
//   driver DEPTH SEED MAX_MOVES  ->  {"moves":…,"seconds":…,"maxTile":…,"score":…}
#define main nneonneo_interactive_main
#include "2048.cpp"
#undef main

#include <time.h>

// CPU time of this process, as the versus script counts ours: waits on a busy machine excluded.
static double cpu_seconds() {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}

static uint64_t rng_state;

// splitmix64: the game's spawns, seeded so a game can be played again.
static uint64_t next_random() {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static unsigned below(unsigned n) { return (unsigned)(next_random() % n); }

// A 2 (exponent 1) with probability 0.9, else a 4, on a uniformly chosen empty cell.
static board_t spawn(board_t board) {
    board_t tile = below(10) < 9 ? 1 : 2;
    int index = below(count_empty(board));
    for (int at = 0; at < 64; at += 4) {
        if (((board >> at) & 0xf) == 0) {
            if (index == 0) return board | (tile << at);
            --index;
        }
    }
    return board;
}

// find_best_move at a fixed depth: one fresh eval_state per root move, as score_toplevel_move.
static int best_move(board_t board, int depth) {
    float best = 0;
    int bestmove = -1;
    for (int move = 0; move < 4; move++) {
        eval_state state;
        state.depth_limit = depth;
        float res = _score_toplevel_move(state, board, move);
        if (res > best) {
            best = res;
            bestmove = move;
        }
    }
    return bestmove;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s DEPTH SEED MAX_MOVES\n", argv[0]);
        return 2;
    }
    int depth = atoi(argv[1]);
    rng_state = strtoull(argv[2], NULL, 10);
    long max_moves = atol(argv[3]);
    init_tables();
    // The first tile as initial_board places it (count_empty needs a non-empty board).
    board_t board = spawn((board_t)(below(10) < 9 ? 1 : 2) << (4 * below(16)));
    long moves = 0;
    double seconds = 0;
    while (moves < max_moves) {
        double started = cpu_seconds();
        int move = best_move(board, depth);
        seconds += cpu_seconds() - started;
        if (move < 0) break;
        board_t moved = execute_move(move, board);
        if (moved == board) break;
        board = spawn(moved);
        moves++;
    }
    printf("{\"moves\":%ld,\"seconds\":%.6f,\"maxTile\":%d}\n", moves, seconds,
           1 << get_max_rank(board));
    return 0;
}
