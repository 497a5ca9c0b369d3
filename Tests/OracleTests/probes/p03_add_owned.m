// Rule: class_addMethod fails (NO) when the class already owns the selector, and changes nothing.
// Field guide: method-hooking-libraries.md §7 ("addMethod (fails if owned)").
#include "oracle.h"
@interface A : NSObject - (void)foo; @end
@implementation A - (void)foo { SAY("A.foo"); } @end
static void newFoo(id self, SEL _cmd) { SAY("newFoo"); }
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  name_imp(class_getMethodImplementation([A class], @selector(foo)), "A.foo");
  name_imp((IMP)newFoo, "newFoo");
  A *a = [A new];
  BOOL added = class_addMethod([A class], @selector(foo), (IMP)newFoo, "v@:");
  SAY("add on owner returned: %s", YESNO(added));
  SAY("A foo IMP: %s", imp_name(class_getMethodImplementation([A class], @selector(foo))));
  [a foo];
  [a release];
  [pool drain];
  return 0;
}
