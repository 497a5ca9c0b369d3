// oracle.h: shared helpers for the oracle probes (one translation unit per probe).
// Output is unbuffered and stderr is merged into stdout, so runtime logs keep their place.
// Never print a pointer value: the harness compares lines.
#import <Foundation/Foundation.h>
#include <objc/runtime.h>
#include <objc/message.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SAY(...) do { printf(__VA_ARGS__); putchar('\n'); } while (0)
#define YESNO(b) ((b) ? "YES" : "NO")
#define CNAME(c) ((c) ? class_getName(c) : "Nil")

/* Runs STMT; an exception is printed as "<label>: raised <name>". */
#define TRY(label, stmt) \
  @try { stmt; } @catch (NSException *e_) { SAY("%s: raised %s", label, [[e_ name] UTF8String]); }

static void probe_begin(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  dup2(1, 2);
}

/* IMPs are printed by name: each probe names the IMPs it cares about. */
static IMP probe_imps[64];
static const char *probe_imp_names[64];
static int probe_imp_count;

static void name_imp(IMP imp, const char *name)
{
  probe_imps[probe_imp_count] = imp;
  probe_imp_names[probe_imp_count] = name;
  probe_imp_count++;
}

static const char *imp_name(IMP imp)
{
  int i;
  if (imp == NULL) return "NULL";
  for (i = 0; i < probe_imp_count; i++)
    if (probe_imps[i] == imp) return probe_imp_names[i];
  return "unnamed";
}

/* The GNU runtime has no single _objc_msgForward: its forwarding IMP is built per method
   signature. This returns the forwarding IMP for SEL's signature, which is what
   class_getMethodImplementation returns for a class that lacks SEL. */
@interface OracleNothing : NSObject
@end
@implementation OracleNothing
@end

static IMP probe_msgForward(SEL sel)
{
  return class_getMethodImplementation([OracleNothing class], sel);
}
