// Rule: class_addMethod on an inherited selector succeeds and overrides only in the subclass.
// Field guide: method-hooking-libraries.md §4.1 (class_addMethod copies/overrides at swizzle time).
#include "oracle.h"
@interface A : NSObject - (void)foo; @end
@implementation A - (void)foo { SAY("A.foo"); } @end
@interface B : A @end
@implementation B @end
static void newFoo(id self, SEL _cmd) { SAY("newFoo"); }
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  name_imp(class_getMethodImplementation([A class], @selector(foo)), "A.foo");
  name_imp((IMP)newFoo, "newFoo");
  A *a = [A new];
  B *b = [B new];
  BOOL added = class_addMethod([B class], @selector(foo), (IMP)newFoo, "v@:");
  SAY("add on subclass returned: %s", YESNO(added));
  SAY("B foo IMP: %s", imp_name(class_getMethodImplementation([B class], @selector(foo))));
  SAY("A foo IMP: %s", imp_name(class_getMethodImplementation([A class], @selector(foo))));
  [b foo];
  [a foo];
  BOOL again = class_addMethod([B class], @selector(foo), (IMP)newFoo, "v@:");
  SAY("second add on subclass returned: %s", YESNO(again));
  [a release];
  [b release];
  [pool drain];
  return 0;
}
