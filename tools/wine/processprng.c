/* bcryptprimitives.dll for Wine 8, which lacks it: Rust's std (1.78+) imports ProcessPrng from
 * it for every random seed (HashMap keys), so without this every Rust exe exits 53 at load.
 * Only for running our tests under Wine; never shipped. Build:
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll processprng.c -ladvapi32 */
#include <windows.h>

/* RtlGenRandom, exported by advapi32 under this name. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    /* RtlGenRandom takes a ULONG length: feed it in chunks. */
    while (len > 0) {
        ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
