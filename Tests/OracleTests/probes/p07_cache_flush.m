// Rule: a method-table change is seen by the next send, also through a subclass that had cached it.
// DESIGN.md ObjCModel "per-class method cache that is flushed whenever a method table changes".
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
  A *a = [A new];
  B *b = [B new];
  [a foo];
  [b foo];
  [a foo];
  [b foo];
  SAY("replace A foo");
  class_replaceMethod([A class], @selector(foo), (IMP)newFoo, "v@:");
  [a foo];
  [b foo];
  [a release];
  [b release];
  [pool drain];
  return 0;
}
