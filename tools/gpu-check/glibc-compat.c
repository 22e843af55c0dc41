/* The GPU check's programs are built here (glibc 2.36) and run on the GPU
 * machine, whose C library may be older. Two things would raise the
 * version they need: libgcc's static unwinder (_dl_find_object, 2.35),
 * which is why they link libgcc_s dynamically, and this: the static
 * libstdc++ of GCC 12 references arc4random (std::random_device, pulled in
 * with std::mutex's error path), new in glibc 2.36, which the programs
 * never call. Defining it here, over getrandom (glibc 2.25), keeps them at
 * glibc 2.34 (dlopen in libc), so they start on Ubuntu 22.04 (2.35) as
 * built; scripts/gpu-check.sh relinks them on anything older. */
#include <sys/random.h>

unsigned int arc4random(void) {
  unsigned int value = 0;
  while (getrandom(&value, sizeof value, 0) != (long)sizeof value)
    ;
  return value;
}
