// Rule: objc_allocateClassPair creates a subclass (Nil for a taken name); after
// objc_registerClassPair it is found by name; its methods override and super sends reach the parent.
// DESIGN.md ObjCModel (objc_allocateClassPair); field guide imyaop-kvo-analytics-sdks.md (dynamic subclasses).
#include "oracle.h"
@interface A : NSObject - (void)foo; @end
@implementation A - (void)foo { SAY("A.foo _cmd=%s", sel_getName(_cmd)); } @end
static void dynFoo(id self, SEL _cmd)
{
  struct objc_super sup;
  SAY("A_Dyn.foo, then super");
  sup.self = self;
  sup.super_class = [A class];
  ((void (*)(id, SEL))objc_msg_lookup_super(&sup, _cmd))(self, _cmd);
}
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  Class dyn = objc_allocateClassPair([A class], "A_Dyn", 0);
  SAY("allocate A_Dyn: %s", dyn ? "ok" : "Nil");
  SAY("allocate taken name A: %s", objc_allocateClassPair([NSObject class], "A", 0) ? "ok" : "Nil");
  SAY("add foo to A_Dyn: %s", YESNO(class_addMethod(dyn, @selector(foo), (IMP)dynFoo, "v@:")));
  objc_registerClassPair(dyn);
  SAY("objc_getClass A_Dyn: %s", CNAME(objc_getClass("A_Dyn")));
  SAY("superclass: %s", CNAME(class_getSuperclass(dyn)));
  SAY("allocate A_Dyn again: %s", objc_allocateClassPair([A class], "A_Dyn", 0) ? "ok" : "Nil");
  id obj = [[dyn alloc] init];
  SAY("instance class: %s", CNAME(object_getClass(obj)));
  [obj foo];
  [obj release];
  [pool drain];
  return 0;
}
