# devices/smp/module.mk - the smp device (the reference plugin), built into libnanort.
$(eval $(call nanort_add_sources,$(wildcard devices/smp/*.c)))
