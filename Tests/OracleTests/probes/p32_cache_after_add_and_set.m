// Rule: after a subclass has cached an inherited method, class_addMethod on the subclass and
// method_setImplementation on the superclass's Method are both seen by the next send.
// DESIGN.md ObjCModel (cache flushed on every method-table change); method-hooking-libraries.md §4.1.
#include "oracle.h"
@interface A : NSObject - (void)foo; - (void)bar; @end
@implementation A - (void)foo { SAY("A.foo"); } - (void)bar { SAY("A.bar"); } @end
@interface B : A @end
@implementation B @end
static void newFoo(id self, SEL _cmd) { SAY("newFoo on B"); }
static void newBar(id self, SEL _cmd) { SAY("newBar"); }
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  B *b = [B new];
  [b foo];
  [b bar];
  SAY("class_addMethod(B, foo): %s", YESNO(class_addMethod([B class], @selector(foo), (IMP)newFoo, "v@:")));
  [b foo];
  method_setImplementation(class_getInstanceMethod([A class], @selector(bar)), (IMP)newBar);
  SAY("method_setImplementation(A.bar) done");
  [b bar];
  [b release];
  [pool drain];
  return 0;
}
