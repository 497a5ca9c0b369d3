// Rule: method_setImplementation returns the old IMP and the next send runs the new one.
// Field guide: method-hooking-libraries.md §4.1 (New Relic: method_setImplementation returns the original IMP).
#include "oracle.h"
@interface A : NSObject - (void)foo; @end
@implementation A - (void)foo { SAY("A.foo _cmd=%s", sel_getName(_cmd)); } @end
static IMP origFoo;
static void newFoo(id self, SEL _cmd) { SAY("newFoo _cmd=%s", sel_getName(_cmd)); ((void (*)(id, SEL))origFoo)(self, _cmd); }
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  name_imp(class_getMethodImplementation([A class], @selector(foo)), "A.foo");
  name_imp((IMP)newFoo, "newFoo");
  A *a = [A new];
  [a foo];
  origFoo = method_setImplementation(class_getInstanceMethod([A class], @selector(foo)), (IMP)newFoo);
  SAY("setImplementation returned: %s", imp_name(origFoo));
  [a foo];
  [a release];
  [pool drain];
  return 0;
}
