// Rule: class_replaceMethod on an inherited method adds an override to the subclass and returns NULL;
// the superclass keeps its IMP. Field guide: method-hooking-libraries.md §0.1.
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
  IMP prev = class_replaceMethod([B class], @selector(foo), (IMP)newFoo, "v@:");
  SAY("replace on B returned: %s", imp_name(prev));
  SAY("B foo IMP: %s", imp_name(class_getMethodImplementation([B class], @selector(foo))));
  SAY("A foo IMP: %s", imp_name(class_getMethodImplementation([A class], @selector(foo))));
  SAY("B and A share one Method: %s",
      YESNO(class_getInstanceMethod([B class], @selector(foo)) == class_getInstanceMethod([A class], @selector(foo))));
  SAY("send to B instance:");
  [b foo];
  SAY("send to A instance:");
  [a foo];
  [a release];
  [b release];
  [pool drain];
  return 0;
}
