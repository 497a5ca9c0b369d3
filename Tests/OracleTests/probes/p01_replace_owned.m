// Rule: class_replaceMethod on a method the class owns returns the previous IMP and installs the new one.
// Field guide: method-hooking-libraries.md §0.1.
#include "oracle.h"
@interface A : NSObject - (void)foo; @end
@implementation A - (void)foo { SAY("A.foo _cmd=%s", sel_getName(_cmd)); } @end
static void newFoo(id self, SEL _cmd) { SAY("newFoo _cmd=%s", sel_getName(_cmd)); }
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  name_imp(class_getMethodImplementation([A class], @selector(foo)), "A.foo");
  name_imp((IMP)newFoo, "newFoo");
  A *a = [A new];
  IMP prev = class_replaceMethod([A class], @selector(foo), (IMP)newFoo, "v@:");
  SAY("replace returned: %s", imp_name(prev));
  SAY("A foo IMP: %s", imp_name(class_getMethodImplementation([A class], @selector(foo))));
  [a foo];
  [a release];
  [pool drain];
  return 0;
}
